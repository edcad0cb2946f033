import { group, site } from "./site";
import type { TextSection } from "./types";

/** /about (Chi siamo): six sections, in order. */
export const aboutSections: TextSection[] = [
  {
    title: "Per chi è",
    paragraphs: [
      `${site.brand} è pensato per chi sente il bisogno di uno spazio in cui fermarsi, raccontarsi ed essere ascoltatə. Ci rivolgiamo soprattutto a persone tra i 25 e i 40 anni che vivono ansia sociale, solitudine, preoccupazione per il futuro, momenti di umore basso o la sensazione di essere rimaste indietro rispetto agli altri.`,
      "Non serve avere una diagnosi né sapere esattamente cosa non va: basta sentire che da solə stai facendo fatica e che ti piacerebbe affrontare le cose in modo diverso. Se hai bisogno di un aiuto urgente, invece, la terapia di gruppo non è lo strumento giusto: in caso di emergenza chiama il 112 o rivolgiti al pronto soccorso più vicino.",
    ],
  },
  {
    title: "In cosa crediamo",
    paragraphs: [
      "Crediamo che prendersi cura della propria salute mentale sia un diritto e non un lusso. Per questo abbiamo costruito un servizio accessibile nei costi, semplice da raggiungere e serio nella qualità, guidato sempre da professionisti abilitati.",
      "Crediamo anche che molte sofferenze nascano e si curino nelle relazioni. Sentirsi capiti da altre persone che vivono esperienze simili è spesso il primo passo per stare meglio: è da questa convinzione che nasce il nostro nome.",
    ],
  },
  {
    title: "Perché la terapia di gruppo",
    paragraphs: [
      `La terapia di gruppo è un approccio clinico consolidato, la cui efficacia è documentata da decenni di ricerca. In un piccolo gruppo di ${group.minPeople}-${group.totalSpots} persone, guidato da uno psicoterapeuta, si impara dall'esperienza degli altri, si scopre di non essere gli unici a provare certe emozioni e si sperimentano nuovi modi di stare in relazione.`,
      `Gli incontri sono settimanali, durano ${group.sessionMinutes} minuti e si svolgono online: puoi partecipare da casa tua, da computer, tablet o smartphone. Il gruppo diventa un luogo protetto in cui allenare, con il sostegno del terapeuta, ciò che fuori sembra più difficile.`,
    ],
  },
  {
    title: "Il nostro team",
    paragraphs: [
      "I nostri gruppi sono condotti da psicologi e psicoterapeuti iscritti all'Albo, con una formazione specifica nella conduzione dei gruppi e approcci diversi: cognitivo-comportamentale, sistemico-relazionale, psicodinamico, gruppoanalitico. Ognuno di loro è vincolato al segreto professionale e al codice deontologico della professione.",
      "Accanto ai terapeuti lavora un piccolo team che si occupa dell'accoglienza, dell'abbinamento ai gruppi e del supporto tecnico, perché ogni passaggio, dal primo questionario all'ultima seduta, sia semplice e curato.",
    ],
  },
  {
    title: "La nostra missione",
    paragraphs: [
      "Vogliamo rendere la psicoterapia più vicina alle persone: più accessibile, meno intimidatoria, più umana. Vogliamo che chiedere aiuto non sia un salto nel vuoto, ma un passo accompagnato, da fare con i propri tempi.",
      "Ogni gruppo che si forma è per noi una piccola comunità in cui le persone possono riconoscersi, sostenersi e crescere. Il nostro obiettivo è che nessuno debba affrontare da solo ciò che può essere affrontato insieme.",
    ],
  },
  {
    title: "I nostri valori",
    paragraphs: [
      "Accoglienza: ogni storia ha diritto di essere ascoltata, senza giudizio e senza fretta. Professionalità: lavoriamo solo con professionisti qualificati e con metodi riconosciuti. Riservatezza: tuteliamo i tuoi dati nel rispetto del GDPR e chiediamo a tutti i partecipanti di sottoscrivere un accordo di riservatezza reciproca.",
      "Accessibilità: prezzi chiari, nessun abbonamento vincolante e una tariffa agevolata per chi ne ha bisogno. Trasparenza: ti spieghiamo sempre cosa aspettarti, quanto costa e come puoi cambiare gruppo o interrompere il percorso.",
    ],
  },
];

/** Calls to action at the end of the About page. */
export const aboutCtas = [
  { text: "Compila il questionario", href: "/questionario" },
  { text: "Contattaci", href: "/contatti" },
] as const;
