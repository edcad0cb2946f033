import { labelled } from "./labelled";

/**
 * Status values of the tables, shared by the pages, the server services and the database schema
 * (app/server/db/schema.ts builds its column types from these arrays).
 */

export const [groupStatuses, groupStatusLabels] = labelled({ open: "Aperto", full: "Completo", closed: "Chiuso" });
export type GroupStatus = (typeof groupStatuses)[number];
/** The time slots of a group, the words the questionnaire's time preference uses. */
export const timeSlots = ["Mattina", "Pomeriggio", "Sera"] as const;

/** `unverified`: sent without the anti-spam proof (a browser without JavaScript), held for staff review (docs/decisions/062). */
export const [contactStatuses, contactStatusLabels] = labelled({ unverified: "Da verificare", new: "Nuovo", in_progress: "In lavorazione", closed: "Chiuso" });
export type ContactStatus = (typeof contactStatuses)[number];

/** The contact workflow: (da verificare →) new → in lavorazione → chiuso (a closed message can be reopened). */
export const nextContactStatuses: Record<ContactStatus, ContactStatus[]> = {
  unverified: ["new", "closed"],
  new: ["in_progress", "closed"],
  in_progress: ["closed", "new"],
  closed: ["in_progress"],
};

export const [bookingStatuses, bookingStatusLabels] = labelled({ requested: "Richiesta", confirmed: "Confermata", moved: "Spostata", cancelled: "Annullata" });
export type BookingStatus = (typeof bookingStatuses)[number];

export const [outboxStatuses, outboxStatusLabels] = labelled({ pending: "In coda", sending: "In invio", sent: "Inviata", failed: "Fallita" });
export type OutboxStatus = (typeof outboxStatuses)[number];

/** Questionnaire responses are stored as "completed"; any other value is shown as it is. */
export const responseStatusLabels: Record<string, string> = { completed: "Completato" };

export const newsletterStatuses = ["pending", "confirmed", "unsubscribed"] as const;
export const jobStatuses = ["pending", "running", "done", "failed", "cancelled"] as const;
/** The three legal documents a registration accepts (their PDFs and versions). */
export const legalDocumentTypes = ["accordo-servizio", "termini-condizioni", "privacy-policy"] as const;
/** The forms whose consents are recorded. */
export const consentForms = ["questionnaire", "registration", "newsletter", "call"] as const;
export const privacyRequestStatuses = ["open", "completed"] as const;
/** What a person asked for on the matching page. */
export const personRequestKinds = ["select-group", "request-call", "waitlist"] as const;
