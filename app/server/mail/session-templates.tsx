import { Button, Hr, Text } from "@react-email/components";
import { absenceNotice, site } from "~/content/site";
import type { BankTransferDetails } from "~/domain/bank-transfer";
import { BankTransferEmailSection } from "./bank-transfer-email";
import { EmailLayout, emailStyles } from "./layout";

const p = emailStyles.paragraph;
const greeting = (name: string | null | undefined) => (name ? `Ciao ${name},` : "Ciao,");

/** The group's therapist gets the members' message, with their own last lines. */
const toTherapist = "Le persone del gruppo ricevono la stessa comunicazione.";

/** A schedule change's last lines: staff's note if any, what members do next (the therapist reads that they were told), the signature. */
function ChangeClosing({ note, therapist, toMembers }: { note: string | null; therapist: boolean; toMembers: string }) {
  return (
    <>
      {note ? <Text style={p}>{note}</Text> : null}
      <Text style={p}>{therapist ? toTherapist : toMembers}</Text>
      <Text style={p}>
        A presto,{"\n"}il team di {site.brand}
      </Text>
    </>
  );
}

export function SessionCancelledEmail({
  name,
  meetings,
  note,
  therapist = false,
}: {
  name: string | null;
  /** Every meeting of the recipient's that this change cancels (a closure may cancel several). */
  meetings: { groupName: string; when: string }[];
  note: string | null;
  therapist?: boolean;
}) {
  const [only] = meetings;
  return (
    <EmailLayout preview={only && meetings.length === 1 ? `Incontro annullato: ${only.groupName}, ${only.when}` : `Incontri annullati: ${meetings.length}`}>
      <Text style={p}>{greeting(name)}</Text>
      {only && meetings.length === 1 ? (
        <Text style={p}>
          l'incontro del gruppo <strong>{only.groupName}</strong> di <strong>{only.when}</strong> (ora italiana) è annullato.
          {therapist ? null : " Non ti verrà addebitato nulla per questo incontro."}
        </Text>
      ) : (
        <>
          <Text style={p}>questi incontri sono annullati (ora italiana){therapist ? ":" : ". Non ti verrà addebitato nulla per questi incontri:"}</Text>
          <Text style={p}>
            {meetings.map((meeting) => (
              <span key={`${meeting.groupName} ${meeting.when}`}>
                • {meeting.groupName}: <strong>{meeting.when}</strong>
                <br />
              </span>
            ))}
          </Text>
        </>
      )}
      <ChangeClosing note={note} therapist={therapist} toMembers={"Gli incontri successivi restano confermati. Per qualsiasi domanda rispondi a questa email."} />
    </EmailLayout>
  );
}

export function SessionMovedEmail({
  name,
  groupName,
  from,
  to,
  note,
  therapist = false,
}: {
  name: string | null;
  groupName: string;
  from: string;
  to: string;
  note: string | null;
  therapist?: boolean;
}) {
  return (
    <EmailLayout preview={`Incontro spostato: ${groupName}, ora ${to}`}>
      <Text style={p}>{greeting(name)}</Text>
      <Text style={p}>
        l'incontro del gruppo <strong>{groupName}</strong> previsto per {from} è stato spostato a <strong>{to}</strong> (ora italiana). Il link della videochiamata resta lo stesso.
      </Text>
      <ChangeClosing
        note={note}
        therapist={therapist}
        toMembers={"Se non puoi partecipare nel nuovo orario, avvisaci rispondendo a questa email: l'assenza annunciata in tempo non si paga."}
      />
    </EmailLayout>
  );
}

export function TherapistInvitationEmail({ name, url, days }: { name: string; url: string; days: number }) {
  return (
    <EmailLayout
      preview={`Il tuo accesso all'area terapeuti di ${site.brand}`}
      footerNote="Ti scriviamo perché lo staff ti ha invitatə come terapeuta. Se non te lo aspettavi, ignora questa email."
    >
      <Text style={p}>{greeting(name)}</Text>
      <Text style={p}>
        lo staff di {site.brand} ti ha creato un accesso all'area terapeuti: lì trovi i tuoi gruppi, gli incontri, le persone che ne fanno parte e il registro delle presenze.
      </Text>
      <Text style={p}>Scegli la tua password con il pulsante qui sotto; il link vale {days} giorni e si può usare una sola volta.</Text>
      <Button href={url} style={emailStyles.button}>
        Scegli la password
      </Button>
    </EmailLayout>
  );
}

export function SessionReminderEmail({
  name,
  groupName,
  when,
  videoUrl,
  absenceUrl,
  absenceFree,
  transfer = null,
  paymentsUrl = "",
}: {
  name: string | null;
  groupName: string;
  when: string;
  videoUrl: string | null;
  absenceUrl: string;
  /** Whether an absence announced now is still within the notice period (then it is not charged). */
  absenceFree: boolean;
  /** What the member owes and how to pay it by transfer; null when they owe nothing. */
  transfer?: BankTransferDetails | null;
  /** Their payments page, for the QR code and the detail. */
  paymentsUrl?: string;
}) {
  return (
    <EmailLayout preview={`Promemoria: ${groupName}, ${when}`} footerNote="Ti scriviamo perché fai parte di questo gruppo: il promemoria arriva 24 ore prima di ogni incontro.">
      <Text style={p}>{greeting(name)}</Text>
      <Text style={p}>
        ti ricordiamo il prossimo incontro del gruppo <strong>{groupName}</strong>: <strong>{when}</strong> (ora italiana).
      </Text>
      {videoUrl ? (
        <>
          <Text style={p}>Per collegarti usa il link della videochiamata del gruppo:</Text>
          <Button href={videoUrl} style={emailStyles.button}>
            Entra nella videochiamata
          </Button>
        </>
      ) : (
        <Text style={p}>Il link della videochiamata ti arriverà dallo staff prima dell'incontro.</Text>
      )}
      <Text style={p}>
        Se non puoi partecipare, avvisaci dalla tua area personale.{" "}
        {absenceFree
          ? `Con il ${absenceNotice.rule} l'assenza annunciata in tempo non si paga.`
          : `Mancano meno di ${absenceNotice.hours} ore: con il ${absenceNotice.rule} l'incontro resta dovuto, ma avvisarci aiuta il gruppo e il terapeuta.`}
      </Text>
      <Button href={absenceUrl} style={emailStyles.button}>
        Segnala un'assenza
      </Button>
      {transfer ? (
        <>
          <Hr style={{ margin: "24px 0" }} />
          <BankTransferEmailSection transfer={transfer} paymentsUrl={paymentsUrl} />
        </>
      ) : null}
      <Text style={p}>
        A presto,{"\n"}il team di {site.brand}
      </Text>
    </EmailLayout>
  );
}
