/** The audit log's action and entity codes as staff read them; an unknown code is shown as it is. */
const auditActionLabels: Record<string, string> = {
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
};

const auditEntityLabels: Record<string, string> = {
  contacts: "Messaggi dei contatti",
  contact: "Messaggio",
  contatti: "Messaggi dei contatti (CSV)",
  bookings: "Prenotazioni",
  booking: "Prenotazione",
  prenotazioni: "Prenotazioni (CSV)",
  questionnaire_responses: "Questionari",
  questionnaire_response: "Questionario",
  questionari: "Questionari (CSV)",
  registrations: "Iscrizioni",
  email_outbox: "Posta",
  therapist: "Terapeuta",
  group: "Gruppo",
  blog_post: "Articolo",
  document: "Documento",
  person: "Dati di una persona",
  privacy_request: "Richiesta privacy",
  practice_settings: "Dati fiscali dello studio",
  fiscal_profile: "Dati fiscali di una persona",
  person_account: "Scheda di una persona",
  books_documents: "Documenti contabili (CSV)",
  therapist_statement: "Prospetto mensile di un terapeuta",
  sistema_ts: "File per il Sistema TS",
};

export const auditActionLabel = (action: string) => auditActionLabels[action] ?? action;
export const auditEntityLabel = (entity: string) => auditEntityLabels[entity] ?? entity;
