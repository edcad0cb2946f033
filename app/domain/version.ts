/**
 * Optimistic concurrency of the admin edits: every form and row action sends back, in this hidden
 * field, the version of the record it was loaded from (its updated_at, in microseconds); the server
 * saves only if the record still has that version.
 */
export const VERSION_FIELD = "version";

export const conflictMessages = {
  title: "Modificato da un altro utente",
  form: "Qualcuno ha salvato questo elemento dopo che l'hai aperto: le tue modifiche non sono state salvate, ma sono ancora qui. Copia ciò che ti serve, poi premi Ricarica per vedere la versione salvata.",
  row: "Qualcuno ha modificato questo elemento dopo che hai aperto la pagina: nulla è stato salvato. Premi Ricarica per vedere la versione attuale.",
  reload: "Ricarica",
  reloading: "Ricarica in corso...",
} as const;
