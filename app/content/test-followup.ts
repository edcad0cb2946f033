/** What /test-followup and POST /api/test-followup-emails tell anyone who is not signed-in staff. */
export const testFollowupAccess = {
  title: "Riservato allo staff",
  explanation:
    "Da questa pagina lo staff invia le tre email di follow-up di prova per controllarne testo e aspetto. Per evitare che qualcuno la usi per scrivere a indirizzi altrui, l'invio è possibile solo dopo aver effettuato l'accesso con un account amministratore.",
  signIn: "Accedi all'area riservata",
  afterSignIn: "Dopo l'accesso torna su questa pagina per inviare le email.",
  /** The `error` (and the page's message) for a visitor who is not signed in: 401. */
  signedOut: "Solo lo staff può inviare le email di prova: accedi con un account amministratore.",
  /** For a signed-in account without the admin role: 403. */
  notStaff: "Solo lo staff può inviare le email di prova: questo account non è un amministratore.",
} as const;
