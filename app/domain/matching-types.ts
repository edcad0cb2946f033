/** What the matching page and its components receive from the server (plain JSON). */

interface GroupCardTherapist {
  id: string;
  name: string;
  role: string;
  image: string | null;
  description: string;
  experience: string;
}

/** The spec's group card, built on the server from a real group and its match result. */
export interface GroupCardData {
  groupId: string;
  groupName: string;
  therapist: GroupCardTherapist;
  occupiedSpots: number;
  totalSpots: number;
  freeSpots: number;
  /** Anonymised: initial and age bracket ("E. · 26-35"), never a name. */
  participants: string[];
  isRecommended: boolean;
  groupTopic: string;
  /** "Ogni lunedì alle 19:00". */
  schedule: string;
  timeSlot: string;
  /** "lunedì 30 novembre", the first meeting. */
  startsOn: string;
  /** The one line of why: "Stesso orario: Sera · Temi in comune: solitudine". */
  reasons: string;
}

interface CallSlot {
  /** ISO instant of the start (UTC). */
  start: string;
  /** "10:30", Europe/Rome. */
  time: string;
  taken: boolean;
}

export interface CallSlotDay {
  /** "2026-11-23", Europe/Rome. */
  date: string;
  /** "lun 23 nov". */
  shortLabel: string;
  /** "lunedì 23 novembre". */
  label: string;
  slots: CallSlot[];
}

/** Length of the free introductory call and of its slots. */
export const CALL_SLOT_MINUTES = 30;

/** The fixed label sent as selectedTherapist by a direct call request (the spec's /call-{name}). */
export const DIRECT_CALL_LABEL = "Chiamata conoscitiva";

export const messages = {
  loadFailed: "Impossibile caricare i gruppi disponibili",
  emailRequired: "Email necessaria per selezionare il gruppo.",
  selectionFailedTitle: "Errore nella selezione",
  genericFailure: "Si è verificato un errore. Riprova più tardi.",
  selected: "Gruppo selezionato!",
  phoneRequiredTitle: "Numero richiesto",
  phoneRequired: "Inserisci il tuo numero di telefono",
  callSent: "Richiesta inviata!",
  groupFull: "Il gruppo è al completo",
  slotTaken: "Questo orario è appena stato preso: scegline un altro.",
  slotInvalid: "Scegli uno degli orari disponibili.",
  waitlistJoined: "Ti avviseremo!",
  waitlistJoinedDescription: "Ti scriveremo appena si libera un posto.",
  testSentTitle: "Email inviate!",
} as const;

/** Without an access token a request waits for the click on the link e-mailed to the address (DESIGN §13). */
export const identityMessages = {
  pendingTitle: "Controlla la tua email",
  pending: "Ti abbiamo inviato un'email: apri il link che contiene per confermare la richiesta.",
  linkExpired: "Il link che hai usato è scaduto o non è più valido.",
} as const;

export function testSentDescription(count: number) {
  return `Inviate ${count} email di test. Controlla la tua casella.`;
}
