/**
 * What the matching page says to someone who answered "Meno di 18" (issue 30 point 4). The places
 * to turn to and their sources are in docs/features/minors.md.
 */

export const minorNotice = {
  title: "I nostri gruppi sono per persone adulte",
  summary:
    "Hai indicato di avere meno di 18 anni: i nostri gruppi sono pensati per persone adulte, quindi non possiamo proporti un gruppo. Per chi ha meno di 18 anni un percorso di sostegno psicologico richiede il consenso di un genitore o di chi ne fa le veci.",
  intro: [
    "Grazie per aver risposto alle domande: non è scontato parlare di come stai, e hai fatto bene a cercare aiuto.",
    "I nostri percorsi di gruppo sono pensati per persone adulte, quindi non possiamo proporti un gruppo. Per chi ha meno di 18 anni un percorso di sostegno psicologico richiede il consenso di un genitore o di chi ne fa le veci: parlarne con loro, o con un altro adulto di cui ti fidi, è un buon primo passo.",
  ],
  placesTitle: "A chi puoi rivolgerti",
  places: [
    { name: "Il tuo pediatra o medico di famiglia", text: "Ti conosce, può ascoltarti e indicarti il servizio giusto vicino a te." },
    {
      name: "Il consultorio familiare della tua ASL",
      text: "È pubblico e di solito gratuito, si accede senza impegnativa del medico e accoglie anche ragazze e ragazzi: c'è uno psicologo con cui parlare.",
    },
    {
      name: "Il servizio di Neuropsichiatria dell'infanzia e dell'adolescenza (NPIA) della tua ASL",
      text: "Si occupa del benessere psicologico di bambini e ragazzi fino ai 18 anni; ci si arriva di solito tramite il pediatra o il medico di famiglia.",
    },
    {
      name: "Telefono Azzurro, 19696",
      text: "Gratuito, 24 ore su 24: puoi chiamare per parlare con qualcuno di quello che stai vivendo. Sul sito azzurro.it c'è anche una chat.",
      tel: "19696",
    },
  ],
  emergency: "Se sei in pericolo o temi di farti del male, chiama subito il 112.",
  /** When the questionnaire's age was a mistake. */
  retry: "Hai indicato l'età per errore? Puoi compilare di nuovo il questionario.",
} as const;
