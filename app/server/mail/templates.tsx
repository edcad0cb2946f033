import { Button, Text } from "@react-email/components";
import { minorNotice } from "~/content/minors";
import { replyTimesHours, site } from "~/content/site";
import { EmailLayout, emailStyles } from "./layout";

const p = emailStyles.paragraph;

export function ContactAutoReply({ name }: { name: string }) {
  return (
    <EmailLayout preview="Abbiamo ricevuto il tuo messaggio">
      <Text style={p}>Ciao {name},</Text>
      <Text style={p}>grazie per averci scritto. Abbiamo ricevuto il tuo messaggio: ti risponderemo entro {replyTimesHours.general} ore.</Text>
      <Text style={p}>Se stai vivendo un'emergenza, non aspettare la nostra risposta: chiama il 112 o recati al pronto soccorso più vicino.</Text>
      <Text style={p}>
        Un caro saluto,{"\n"}il team di {site.brand}
      </Text>
    </EmailLayout>
  );
}

export function StaffNotification({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <EmailLayout preview={title} forStaff>
      <Text style={{ ...p, fontWeight: 600 }}>{title}</Text>
      {rows.map(([label, value]) => (
        <Text key={label} style={p}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
    </EmailLayout>
  );
}

export function NewsletterConfirm({ confirmUrl }: { confirmUrl: string }) {
  return (
    <EmailLayout preview="Conferma la tua iscrizione alla newsletter" footerNote="Se non hai richiesto tu l'iscrizione, ignora questa email: non riceverai nulla.">
      <Text style={p}>Ciao,</Text>
      <Text style={p}>per completare l'iscrizione alla newsletter di {site.brand} conferma il tuo indirizzo email.</Text>
      <Button href={confirmUrl} style={emailStyles.button}>
        Conferma l'iscrizione
      </Button>
    </EmailLayout>
  );
}

export function NewsletterWelcome({ unsubscribeUrl }: { unsubscribeUrl: string }) {
  return (
    <EmailLayout preview="Iscrizione confermata" footerNote={`Non vuoi più ricevere la newsletter? Disiscriviti: ${unsubscribeUrl}`}>
      <Text style={p}>La tua iscrizione è confermata: riceverai i nostri articoli e le novità su {site.brand}.</Text>
    </EmailLayout>
  );
}

export function QuestionnaireResult({ name, groupsUrl }: { name: string; groupsUrl: string }) {
  return (
    <EmailLayout preview="I gruppi consigliati per te">
      <Text style={p}>Ciao {name},</Text>
      <Text style={p}>grazie per aver compilato il questionario. In base alle tue risposte abbiamo selezionato i gruppi più adatti a te.</Text>
      <Button href={groupsUrl} style={emailStyles.button}>
        Scopri i tuoi gruppi consigliati
      </Button>
      <Text style={{ ...p, marginTop: "16px" }}>Il primo colloquio individuale è gratuito: ti aiuterà a conoscere il terapeuta e a capire se il percorso fa per te.</Text>
    </EmailLayout>
  );
}

/** To someone who answered "Meno di 18": no group, why, and the page with where to turn (issue 30 point 4). */
export function QuestionnaireResultMinor({ name, pageUrl }: { name: string; pageUrl: string }) {
  return (
    <EmailLayout preview={minorNotice.title}>
      <Text style={p}>Ciao {name},</Text>
      {minorNotice.intro.map((paragraph) => (
        <Text key={paragraph} style={p}>
          {paragraph}
        </Text>
      ))}
      <Button href={pageUrl} style={emailStyles.button}>
        {minorNotice.placesTitle}
      </Button>
    </EmailLayout>
  );
}

export function AuthLinkEmail({ intro, action, url }: { intro: string; action: string; url: string }) {
  return (
    <EmailLayout preview={action} footerNote="Se non sei statə tu, ignora questa email: nessuna modifica verrà fatta.">
      <Text style={p}>{intro}</Text>
      <Button href={url} style={emailStyles.button}>
        {action}
      </Button>
    </EmailLayout>
  );
}

export function RegistrationConfirmation({ name }: { name: string }) {
  return (
    <EmailLayout preview="La tua iscrizione è confermata">
      <Text style={p}>Ciao {name},</Text>
      <Text style={p}>
        la tua iscrizione è stata registrata. In allegato trovi l'accordo di servizio, i termini e condizioni e la privacy policy che hai accettato: conservali per riferimento.
      </Text>
      <Text style={p}>Ti contatteremo presto per i prossimi passi del tuo percorso.</Text>
      <Text style={p}>
        Un caro saluto,{"\n"}il team di {site.brand}
      </Text>
    </EmailLayout>
  );
}
