import { Button, Text } from "@react-email/components";
import { site } from "~/content/site";
import { EmailLayout, emailStyles } from "./layout";

const p = emailStyles.paragraph;

/**
 * The invitation to a "questionario di monitoraggio" and its reminders (at most two). Only a link into
 * the person's area, where they sign in first: the e-mail carries no question, answer or score.
 */
export function OutcomeInvitationEmail({ name, url, reminder, askConsent }: { name: string | null; url: string; reminder: number; askConsent: boolean }) {
  const lead =
    reminder > 0
      ? "ti ricordiamo il breve questionario sul tuo percorso: se hai già iniziato, riprendi da dove eri rimastə."
      : "per seguire insieme il tuo percorso ti chiediamo di rispondere a un breve questionario sul tuo umore e sull'ansia delle ultime due settimane.";
  return (
    <EmailLayout preview="Il questionario di monitoraggio: due minuti per il tuo percorso">
      <Text style={p}>{name ? `Ciao ${name},` : "Ciao,"}</Text>
      <Text style={p}>{lead}</Text>
      <Text style={p}>
        {askConsent
          ? "Sono 16 domande, circa due minuti. Prima ti chiediamo il consenso: rispondere è facoltativo e non cambia nulla del tuo posto nel gruppo."
          : "Sono 16 domande, circa due minuti; puoi interrompere e riprendere quando vuoi. Le risposte le leggono solo il tuo terapeuta e lo staff."}
      </Text>
      <Button href={url} style={emailStyles.button}>
        Apri il questionario
      </Button>
      <Text style={p}>Il link apre la tua area personale: se non hai già effettuato l'accesso, ti chiediamo prima di entrare.</Text>
      <Text style={p}>
        A presto,{"\n"}il team di {site.brand}
      </Text>
    </EmailLayout>
  );
}
