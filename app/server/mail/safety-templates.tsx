import { Button, Text } from "@react-email/components";
import { EmailLayout, emailStyles } from "./layout";

const p = emailStyles.paragraph;

/**
 * A safety alert, to staff or to the therapist: that there is one and where to read it, behind
 * sign-in. No clinical content, no name, no answer: an e-mail may be read by anyone near a screen.
 */
export function SafetyAlertEmail({ escalation, url }: { escalation: boolean; url: string }) {
  const line = escalation
    ? "una segnalazione di sicurezza è aperta da più di 24 ore e nessuno dello staff ne ha ancora preso visione."
    : "c'è una nuova segnalazione di sicurezza da verificare al più presto.";
  return (
    <EmailLayout preview={escalation ? "Segnalazione di sicurezza ancora aperta" : "Nuova segnalazione di sicurezza"}>
      <Text style={p}>Ciao,</Text>
      <Text style={p}>{line}</Text>
      <Text style={p}>I dettagli sono nell'area riservata, dopo l'accesso: per riservatezza non li scriviamo qui.</Text>
      <Button href={url} style={emailStyles.button}>
        Apri la segnalazione
      </Button>
    </EmailLayout>
  );
}
