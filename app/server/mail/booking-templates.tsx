import { Button, Link, Text } from "@react-email/components";
import { group as groupRules, replyTimesHours, site } from "~/content/site";
import { CALL_CHANGE_CUTOFF_HOURS } from "~/domain/intake-calls";
import { EmailLayout, emailStyles } from "./layout";

const p = emailStyles.paragraph;
const greeting = (name: string | null | undefined) => (name ? `Ciao ${name},` : "Ciao,");

export function BookingRequestReceived({
  name,
  groupName,
  therapistName,
  schedule,
  startsOn,
  callUrl,
  areaUrl,
}: {
  name: string | null;
  groupName: string;
  therapistName: string;
  schedule: string;
  startsOn: string;
  callUrl: string;
  /** The person's own area, where the choice and (once confirmed) the meetings are. */
  areaUrl: string;
}) {
  return (
    <EmailLayout preview={`Hai scelto il gruppo ${groupName}`}>
      <Text style={p}>{greeting(name)}</Text>
      <Text style={p}>
        abbiamo ricevuto la tua scelta: il gruppo <strong>{groupName}</strong>, condotto da {therapistName}. {schedule}, primo incontro {startsOn}; ogni incontro dura{" "}
        {groupRules.sessionMinutes} minuti, online.
      </Text>
      <Text style={p}>
        Il prossimo passo è il colloquio conoscitivo individuale, gratuito: ci conosciamo, rispondiamo alle tue domande e confermiamo il tuo posto nel gruppo. Ti contatteremo entro{" "}
        {replyTimesHours.general} ore.
      </Text>
      <Button href={callUrl} style={emailStyles.button}>
        Scegli l'orario della chiamata
      </Button>
      <Text style={{ ...p, marginTop: "16px" }}>
        Puoi seguire il tuo percorso nella tua <Link href={areaUrl}>area personale</Link>: ci entri con un link che ti mandiamo a questo indirizzo.
      </Text>
    </EmailLayout>
  );
}

export function CallRequestReceived({
  name,
  slotLabel,
  therapistName = null,
  means = null,
}: {
  name: string | null;
  slotLabel: string | null;
  therapistName?: string | null;
  /** "in videochiamata: https://…" or "al telefono: …" (callMeans). */
  means?: string | null;
}) {
  return (
    <EmailLayout preview="Abbiamo ricevuto la tua richiesta di chiamata">
      <Text style={p}>{greeting(name)}</Text>
      {slotLabel ? (
        <>
          <Text style={p}>
            la tua chiamata conoscitiva gratuita è fissata per <strong>{slotLabel}</strong> (ora italiana){therapistName ? `, con ${therapistName}` : ""}.{" "}
            {means ? `Vi sentirete ${means}.` : "Ti chiameremo al numero che ci hai lasciato."}
          </Text>
          <Text style={p}>In allegato trovi l'invito da aggiungere al tuo calendario.</Text>
          <Text style={p}>Puoi spostarla o annullarla dalla tua area personale fino a {CALL_CHANGE_CUTOFF_HOURS} ore prima; dopo, rispondi a questa email.</Text>
        </>
      ) : (
        <>
          <Text style={p}>
            abbiamo ricevuto la tua richiesta: ti richiameremo entro {replyTimesHours.general} ore al numero che ci hai lasciato per il colloquio conoscitivo gratuito.
          </Text>
          <Text style={p}>Se hai bisogno di spostare la chiamata, rispondi a questa email.</Text>
        </>
      )}
      <Text style={p}>
        A presto,{"\n"}il team di {site.brand}
      </Text>
    </EmailLayout>
  );
}

export type CallChange = "booked" | "moved" | "cancelled" | "reminder";

const therapistLines: Record<CallChange, (slot: string) => string> = {
  booked: (slot) => `hai una nuova chiamata conoscitiva: ${slot} (ora italiana).`,
  moved: (slot) => `la persona ha spostato la chiamata conoscitiva: ora è ${slot} (ora italiana).`,
  cancelled: (slot) => `la persona ha annullato la chiamata conoscitiva di ${slot}: quell'orario torna libero.`,
  reminder: (slot) => `domani hai una chiamata conoscitiva: ${slot} (ora italiana).`,
};

/** To the therapist: a call booked, moved, cancelled, or tomorrow. Nothing clinical: the answers are in the agenda, behind sign-in. */
export function CallForTherapist({ therapistName, change, slotLabel, areaUrl }: { therapistName: string; change: CallChange; slotLabel: string; areaUrl: string }) {
  return (
    <EmailLayout preview={therapistLines[change](slotLabel)}>
      <Text style={p}>{greeting(therapistName)}</Text>
      <Text style={p}>{therapistLines[change](slotLabel)}</Text>
      {change === "cancelled" ? null : <Text style={p}>Le risposte al questionario della persona sono nella tua agenda, dopo l'accesso.</Text>}
      {change === "reminder" ? null : <Text style={p}>In allegato l'invito aggiornato per il tuo calendario.</Text>}
      <Button href={areaUrl} style={emailStyles.button}>
        Apri la tua agenda
      </Button>
    </EmailLayout>
  );
}

const personLines: Record<Exclude<CallChange, "booked">, (slot: string) => string> = {
  moved: (slot) => `la tua chiamata conoscitiva gratuita è stata spostata: ora è ${slot} (ora italiana).`,
  cancelled: (slot) => `la tua chiamata conoscitiva di ${slot} è annullata. Se vuoi, puoi sceglierne un'altra quando preferisci.`,
  reminder: (slot) => `ti ricordiamo la chiamata conoscitiva gratuita di domani: ${slot} (ora italiana).`,
};

/** To the person: their call moved, cancelled, or tomorrow. */
export function CallChangedForPerson({
  name,
  change,
  slotLabel,
  therapistName,
  means,
  areaUrl,
}: {
  name: string | null;
  change: Exclude<CallChange, "booked">;
  slotLabel: string;
  therapistName: string;
  means: string;
  areaUrl: string;
}) {
  return (
    <EmailLayout preview={personLines[change](slotLabel)}>
      <Text style={p}>{greeting(name)}</Text>
      <Text style={p}>{personLines[change](slotLabel)}</Text>
      {change === "cancelled" ? null : (
        <Text style={p}>
          Ti aspetta {therapistName}: vi sentirete {means}.
        </Text>
      )}
      {change === "reminder" ? null : <Text style={p}>In allegato trovi l'invito aggiornato per il tuo calendario.</Text>}
      <Button href={areaUrl} style={emailStyles.button}>
        La tua area personale
      </Button>
    </EmailLayout>
  );
}

export function SeatAvailable({ name, groupName, groupsUrl }: { name: string | null; groupName: string; groupsUrl: string }) {
  return (
    <EmailLayout
      preview={`Si è liberato un posto nel gruppo ${groupName}`}
      footerNote="Ti scriviamo perché hai chiesto di essere avvisatə quando si libera un posto. Non riceverai altri avvisi per questa richiesta."
    >
      <Text style={p}>{greeting(name)}</Text>
      <Text style={p}>
        si è appena liberato un posto nel gruppo <strong>{groupName}</strong>. I posti si assegnano in ordine di richiesta, quindi se ti interessa non aspettare troppo.
      </Text>
      <Button href={groupsUrl} style={emailStyles.button}>
        Vedi il gruppo
      </Button>
    </EmailLayout>
  );
}

const followups = {
  1: {
    subject: "I tuoi gruppi consigliati ti aspettano",
    lines: [
      "ieri hai compilato il questionario: grazie per aver fatto questo primo passo, non è scontato.",
      "In base alle tue risposte abbiamo scelto i gruppi più adatti a te. Puoi guardarli con calma: per ognuno trovi il terapeuta, l'orario e i temi in comune con te.",
    ],
    action: "Guarda i tuoi gruppi",
  },
  2: {
    subject: "Il primo colloquio è gratuito",
    lines: [
      "ti scriviamo perché scegliere un gruppo può sembrare un salto nel vuoto. Per questo il primo colloquio individuale è gratuito: conosci il terapeuta, fai le tue domande e decidi senza impegno.",
      `Basta lasciarci il tuo numero e scegliere un orario: ti chiamiamo noi, di solito entro ${replyTimesHours.general} ore.`,
    ],
    action: "Prenota la chiamata gratuita",
  },
  3: {
    subject: "Quando vuoi, noi ci siamo",
    lines: [
      "è passata una settimana dal questionario. Magari non è il momento giusto, ed è normale: ognuno ha i suoi tempi.",
      `Quando ti sentirai prontə, i gruppi sono qui: ${groupRules.minPeople}-${groupRules.totalSpots} persone, incontri settimanali online, con psicologi specializzati. Questa è l'ultima email di promemoria che ti mandiamo.`,
    ],
    action: "Torna ai tuoi gruppi",
  },
} as const;

export type FollowupStep = keyof typeof followups;

export function followupSubject(step: FollowupStep) {
  return followups[step].subject;
}

export function FollowupEmail({ step, name, groupsUrl, callUrl }: { step: FollowupStep; name: string | null; groupsUrl: string; callUrl: string }) {
  const content = followups[step];
  return (
    <EmailLayout
      preview={content.subject}
      footerNote="Ricevi questa email perché hai compilato il questionario. Ti scriviamo al massimo tre volte e smettiamo appena scegli un gruppo."
    >
      <Text style={p}>{greeting(name)}</Text>
      {content.lines.map((line) => (
        <Text key={line} style={p}>
          {line}
        </Text>
      ))}
      <Button href={step === 2 ? callUrl : groupsUrl} style={emailStyles.button}>
        {content.action}
      </Button>
    </EmailLayout>
  );
}

/** A write asked for this address without proof of identity: nothing happens until the person confirms. */
export function ConfirmRequestEmail({ summary, confirmUrl, hours }: { summary: string; confirmUrl: string; hours: number }) {
  return (
    <EmailLayout preview="Conferma la tua richiesta" footerNote="Se non hai fatto tu questa richiesta, ignora questa email: senza la tua conferma non succede nulla.">
      <Text style={p}>Ciao,</Text>
      <Text style={p}>
        abbiamo ricevuto questa richiesta per il tuo indirizzo email: <strong>{summary}</strong>. Per proteggere la tua riservatezza la eseguiamo solo dopo la tua conferma.
      </Text>
      <Button href={confirmUrl} style={emailStyles.button}>
        Conferma la richiesta
      </Button>
      <Text style={{ ...p, marginTop: "16px" }}>Il link vale {hours} ore.</Text>
    </EmailLayout>
  );
}

export function MemberMovedEmail({
  name,
  fromGroup,
  groupName,
  therapistName,
  schedule,
  firstMeeting,
  confirmed,
}: {
  name: string | null;
  fromGroup: string | null;
  groupName: string;
  therapistName: string;
  /** "Ogni martedì alle 19:00" */
  schedule: string;
  /** The new group's next meeting ("martedì 3 marzo 2026, 19:00-20:30"), if one is scheduled. */
  firstMeeting: string | null;
  confirmed: boolean;
}) {
  return (
    <EmailLayout preview={`Ti abbiamo spostato nel gruppo ${groupName}`}>
      <Text style={p}>{greeting(name)}</Text>
      <Text style={p}>
        ti abbiamo spostato {fromGroup ? <>dal gruppo {fromGroup} </> : null}al gruppo <strong>{groupName}</strong>, condotto da {therapistName}. {schedule}; ogni incontro dura{" "}
        {groupRules.sessionMinutes} minuti, online.
      </Text>
      {confirmed ? (
        <Text style={p}>
          Il tuo posto nel nuovo gruppo è confermato
          {firstMeeting ? (
            <>
              : il tuo primo incontro è <strong>{firstMeeting}</strong> (ora italiana)
            </>
          ) : null}
          . Il giorno prima di ogni incontro riceverai un promemoria con il link della videochiamata.
        </Text>
      ) : (
        <Text style={p}>Ti scriveremo per confermare il tuo posto nel nuovo gruppo.</Text>
      )}
      <Text style={p}>Gli incontri già fatti e i pagamenti restano validi: il tuo conto continua nel nuovo gruppo. Per qualsiasi domanda rispondi a questa email.</Text>
      <Text style={p}>
        A presto,{"\n"}il team di {site.brand}
      </Text>
    </EmailLayout>
  );
}

/** Staff's decision on a booking (confirmed, cancelled, moved): a greeting, what happened, a goodbye. */
export function BookingDecisionEmail({ name, paragraphs }: { name: string | null; paragraphs: string[] }) {
  return (
    <EmailLayout preview={paragraphs[0] ?? ""}>
      <Text style={p}>{greeting(name)}</Text>
      {paragraphs.map((text, index) => (
        <Text key={index} style={p}>
          {text}
        </Text>
      ))}
      <Text style={p}>{`Un caro saluto,\nil team di ${site.brand}`}</Text>
    </EmailLayout>
  );
}
