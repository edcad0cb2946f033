/** Status values of the admin tables, shared by the pages and the server services. */

export const contactStatuses = ["new", "in_progress", "closed"] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export const contactStatusLabels: Record<ContactStatus, string> = { new: "Nuovo", in_progress: "In lavorazione", closed: "Chiuso" };

/** The contact workflow: new → in lavorazione → chiuso (a closed message can be reopened). */
export const nextContactStatuses: Record<ContactStatus, ContactStatus[]> = {
  new: ["in_progress", "closed"],
  in_progress: ["closed", "new"],
  closed: ["in_progress"],
};

export const bookingStatuses = ["requested", "confirmed", "moved", "cancelled"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const outboxStatuses = ["pending", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/** Questionnaire responses are stored as "completed"; any other value is shown as it is. */
export const responseStatusLabels: Record<string, string> = { completed: "Completato" };

export const outboxStatusLabels: Record<OutboxStatus, string> = { pending: "In coda", sending: "In invio", sent: "Inviata", failed: "Fallita" };
