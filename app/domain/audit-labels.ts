import { formatDateTime } from "./format";
import { formatEuro } from "./money";

/**
 * The audit log as staff read it (/admin/registro): what happened in words ("Pagamento registrato"),
 * the data it touched, and its details as labelled fields, never table names or raw JSON. Every action
 * and entity code the code writes has a label here (`audit-labels.test.ts` reads the sources); an
 * unknown code from an older entry shows as it is.
 */

export const auditActionLabels: Record<string, string> = {
  list: "Elenco consultato",
  read: "Lettura",
  create: "Creazione",
  update: "Modifica",
  delete: "Eliminazione",
  close: "Chiusura",
  confirm: "Conferma",
  cancel: "Annullamento",
  move: "Spostamento",
  "set-status": "Cambio di stato",
  upload: "Caricamento",
  "use-generated": "Ripristino del PDF generato",
  export: "Esportazione",
  erase: "Cancellazione dati",
  complete: "Completamento",
  invite: "Invito",
  sign: "Firma",
  attendance: "Presenze",
  approve: "Approvazione",
  decline: "Rifiuto",
  "request-isee": "Richiesta di tariffa agevolata",
  "request-move": "Richiesta di cambio gruppo",
  unlock: "Sblocco dell'account",
  acknowledge: "Presa visione",
  escalate: "Inoltro allo staff",
  expire: "Scadenza",
};

export const auditEntityLabels: Record<string, string> = {
  contacts: "Messaggi dei contatti",
  contact: "Messaggio",
  contatti: "Messaggi dei contatti (CSV)",
  bookings: "Prenotazioni",
  booking: "Prenotazione",
  prenotazioni: "Prenotazioni (CSV)",
  questionnaire_responses: "Questionari",
  questionnaire_response: "Questionario",
  questionari: "Questionari (CSV)",
  questionnaire_answers: "Risposte al questionario",
  registrations: "Iscrizioni",
  email_outbox: "Posta",
  therapist: "Terapeuta",
  therapist_availability: "Disponibilità di un terapeuta",
  therapist_availability_exception: "Eccezione alla disponibilità",
  group: "Gruppo",
  group_members: "Persone di un gruppo",
  outcome_scores: "Punteggi PHQ-9 e GAD-7 di un gruppo",
  outcome_figures: "Esiti del servizio",
  care_path: "Percorso: imbuto settimanale e persone in attesa",
  group_session: "Incontro",
  group_closure: "Chiusura",
  attendance: "Presenze di un incontro",
  blog_post: "Articolo",
  document: "Documento",
  person: "Dati di una persona",
  privacy_request: "Richiesta privacy",
  practice_settings: "Dati fiscali dello studio",
  fiscal_profile: "Dati fiscali di una persona",
  person_account: "Scheda di una persona",
  payments: "Pagamenti",
  payment: "Pagamento",
  refund: "Rimborso",
  invoice: "Fattura",
  books: "Contabilità",
  books_documents: "Documenti contabili (CSV)",
  therapist_statement: "Prospetto mensile di un terapeuta",
  sistema_ts: "File per il Sistema TS",
  "isee-request": "Attestazione ISEE",
  "move-request": "Richiesta di cambio gruppo",
  intake_call: "Chiamata conoscitiva",
  intake_call_outcome: "Esito della chiamata conoscitiva",
  care_notes: "Note cliniche",
  care_note: "Nota clinica",
  care_note_addendum: "Integrazione a una nota clinica",
  user: "Account",
  safety_alert: "Segnalazione di rischio",
  safety_alerts: "Segnalazioni di rischio",
  outcome_administration: "Questionario di esito",
  outcome_consent: "Consenso ai questionari di esito",
};

/** What happened, in one phrase, where the action and the data say more together than apart. */
const auditEventLabels: Record<string, string> = {
  "payment.create": "Pagamento registrato",
  "refund.create": "Rimborso registrato",
  "booking.update": "Tariffa della prenotazione cambiata",
  "booking.confirm": "Prenotazione confermata",
  "booking.cancel": "Prenotazione annullata",
  "booking.move": "Persona spostata in un altro gruppo",
  "therapist.invite": "Invito all'area terapeuti inviato",
  "therapist.create": "Scheda del terapeuta creata",
  "therapist.update": "Scheda del terapeuta modificata",
  "therapist.delete": "Scheda del terapeuta eliminata",
  "therapist_availability.create": "Fascia di disponibilità aggiunta",
  "therapist_availability.delete": "Fascia di disponibilità rimossa",
  "therapist_availability_exception.create": "Eccezione alla disponibilità aggiunta",
  "therapist_availability_exception.delete": "Eccezione alla disponibilità rimossa",
  "group.create": "Gruppo creato",
  "group.update": "Gruppo modificato",
  "group.close": "Gruppo chiuso",
  "group_session.cancel": "Incontro annullato",
  "group_session.move": "Incontro spostato",
  "group_session.attendance": "Presenze registrate",
  "group_closure.create": "Chiusura aggiunta",
  "group_closure.delete": "Chiusura rimossa",
  "blog_post.create": "Articolo creato",
  "blog_post.update": "Articolo modificato",
  "blog_post.delete": "Articolo eliminato",
  "document.upload": "Documento caricato",
  "person.read": "Ricerca dei dati di una persona",
  "person.export": "Dati di una persona esportati",
  "person.erase": "Dati di una persona cancellati",
  "privacy_request.create": "Richiesta privacy registrata",
  "privacy_request.complete": "Richiesta privacy evasa",
  "practice_settings.create": "Dati fiscali dello studio inseriti",
  "practice_settings.update": "Dati fiscali dello studio modificati",
  "fiscal_profile.create": "Dati fiscali inseriti",
  "fiscal_profile.update": "Dati fiscali modificati",
  "fiscal_profile.read": "Dati fiscali consultati",
  "contact.set-status": "Stato del messaggio cambiato",
  "isee-request.request-isee": "Attestazione ISEE inviata",
  "isee-request.approve": "Tariffa agevolata approvata",
  "isee-request.decline": "Tariffa agevolata non accolta",
  "isee-request.read": "Attestazione ISEE aperta",
  "move-request.request-move": "Cambio gruppo richiesto",
  "move-request.approve": "Cambio gruppo approvato",
  "move-request.decline": "Cambio gruppo rifiutato",
  "intake_call.update": "Chiamata conoscitiva aggiornata",
  "care_note.create": "Nota clinica scritta",
  "care_note.update": "Nota clinica modificata",
  "care_note.sign": "Nota clinica firmata",
  "care_note_addendum.create": "Integrazione a una nota clinica scritta",
  "care_notes.read": "Note cliniche lette",
  "invoice.read": "Fattura aperta",
  "user.unlock": "Account sbloccato dal link e-mail",
  "safety_alert.create": "Segnalazione di rischio aperta",
  "outcome_administration.expire": "Questionario di esito scaduto senza risposta",
  "outcome_administration.complete": "Questionario di esito compilato",
  "outcome_administration.update": "Questionario di esito salvato a metà",
  "outcome_administration.cancel": "Questionario di esito annullato",
  "outcome_consent.create": "Consenso ai questionari di esito registrato",
  "outcome_consent.update": "Consenso ai questionari di esito cambiato",
  "safety_alert.acknowledge": "Presa visione di una segnalazione di rischio",
  "safety_alert.escalate": "Segnalazione di rischio inoltrata allo staff",
  "intake_call_outcome.create": "Esito della chiamata conoscitiva registrato",
  "intake_call_outcome.update": "Esito della chiamata conoscitiva corretto",
};

export const auditActionLabel = (action: string) => auditActionLabels[action] ?? action;
export const auditEntityLabel = (entity: string) => auditEntityLabels[entity] ?? entity;
/** "Pagamento registrato"; an action without a phrase of its own reads as its label ("Elenco consultato"). */
export const auditEventLabel = (action: string, entity: string) => auditEventLabels[`${entity}.${action}`] ?? auditActionLabel(action);

/** The details' fields, as staff read them. */
const auditDetailLabels: Record<string, string> = {
  amountCents: "Importo",
  bookingId: "Prenotazione",
  invoiceNumber: "Fattura n.",
  creditNoteNumber: "Nota di credito n.",
  number: "Numero",
  kind: "Tipo",
  q: "Ricerca",
  status: "Stato",
  page: "Pagina",
  userId: "Account",
  groupId: "Gruppo",
  fromGroupId: "Dal gruppo",
  toGroupId: "Al gruppo",
  preferredGroupId: "Gruppo preferito",
  droppedAttendance: "Presenze tolte",
  members: "Persone",
  therapistId: "Terapeuta",
  weekday: "Giorno della settimana",
  start: "Inizio",
  end: "Fine",
  startMinute: "Inizio (minuti dalla mezzanotte)",
  endMinute: "Fine (minuti dalla mezzanotte)",
  onDate: "Data",
  callRoomUrl: "Stanza per le chiamate",
  changed: "Campi modificati",
  changes: "Modifiche",
  change: "Cambiamento",
  by: "Chi",
  from: "Da",
  to: "A",
  format: "Formato",
  lookup: "Ricerca",
  type: "Tipo",
  requestId: "Richiesta",
  removed: "Dati rimossi",
  notes: "Note",
  noteId: "Nota",
  sessionId: "Incontro",
  marked: "Presenze segnate",
  cancelled: "Incontri annullati",
  emailed: "E-mail inviate",
  intakeCallId: "Chiamata",
  iseeApproved: "Tariffa agevolata applicata",
  iseeRevoked: "Tariffa agevolata revocata",
  approvedAt: "Approvata il",
  year: "Anno",
  month: "Mese",
  documents: "Documenti",
  preview: "Anteprima",
  via: "Tramite",
  size: "Dimensione (byte)",
  sha256: "Impronta SHA-256",
  open: "Aperte",
  decision: "Scelta",
  textVersion: "Versione del testo",
  remindersSent: "Promemoria inviati",
  answered: "Domande con risposta",
  safetyFlagged: "Segnale di rischio",
  reason: "Motivo",
  // The accounting page's period, as its address names it.
  dal: "Dal",
  al: "Al",
  mese: "Mese",
  anno: "Anno",
  // What an erasure removed, counted by kind.
  access_tokens: "Link di accesso",
  pending_actions: "Azioni in attesa di conferma",
  intake_calls: "Chiamate conoscitive",
  group_bookings: "Prenotazioni",
  group_waitlist: "Liste d'attesa",
  internal_questionnaire_responses: "Questionari",
  contacts: "Messaggi",
  newsletter_subscribers: "Iscrizioni alla newsletter",
  email_outbox: "E-mail in coda",
  safety_alerts: "Segnalazioni di rischio",
  outcome_consents: "Consensi ai questionari di esito",
};

const valueWords: Record<string, string> = { self: "la persona stessa", "e-mailed link": "link ricevuto per e-mail", json: "JSON" };
const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "sì" : "no";
  if (typeof value === "number") return /Cents$/.test(key) && Number.isSafeInteger(value) ? formatEuro(value) : String(value);
  if (typeof value === "string") return isoMoment.test(value) ? formatDateTime(value) : (valueWords[value] ?? value);
  if (Array.isArray(value)) return value.length ? value.map((item) => valueText(key, item)).join(", ") : "nessuno";
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if ("from" in record && "to" in record && Object.keys(record).length === 2) return `${valueText(key, record.from)} → ${valueText(key, record.to)}`;
    return Object.entries(record)
      .map(([inner, item]) => `${auditDetailLabels[inner] ?? inner}: ${valueText(inner, item)}`)
      .join("; ");
  }
  return String(value);
}

/** An entry's details as labelled fields ("Importo" → "35,00 €"), in the order written; empty ones left out. */
export function auditDetailFields(detail: unknown): { label: string; value: string }[] {
  if (!detail || typeof detail !== "object" || Array.isArray(detail)) return detail == null ? [] : [{ label: "Dettagli", value: valueText("", detail) }];
  return Object.entries(detail as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([key, value]) => ({ label: auditDetailLabels[key] ?? key, value: valueText(key, value) }));
}
