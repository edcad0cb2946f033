import { group, prices, site } from "./site";
import { euro } from "./format";
import type { FaqItem } from "./types";

/** FAQ accordion on the home page (6 fixed entries). */
export const homeFaq: FaqItem[] = [
  {
    question: "Che cos'è la terapia di gruppo online?",
    answer: `È un percorso psicologico in cui un piccolo gruppo di ${group.minPeople}-${group.totalSpots} persone si incontra ogni settimana, in videochiamata, insieme a uno psicologo psicoterapeuta. Ogni incontro dura ${group.sessionMinutes} minuti: c'è spazio per raccontarsi, ascoltare le esperienze degli altri e lavorare, con la guida del terapeuta, su ciò che ti pesa. Puoi partecipare da computer, tablet o smartphone, da dove ti senti più a tuo agio.`,
  },
  {
    question: "Come funziona l'inserimento in un gruppo?",
    answer: `Tutto parte dal questionario, che richiede pochi minuti. Dopo averlo compilato ti proponiamo un primo colloquio conoscitivo individuale, gratuito, per conoscerci e spiegarti come funziona il percorso. In base ai tuoi bisogni, alla tua età, alle tematiche che stai vivendo e alla tua disponibilità, ti indichiamo il gruppo più adatto a te.`,
  },
  {
    question: "Quanto costa?",
    answer: `La prima seduta costa ${euro(prices.firstSession)}, una tantum e senza alcun impegno. Se decidi di continuare, le sedute successive costano ${euro(prices.followingSession)} a settimana, senza abbonamenti vincolanti: paghi seduta per seduta. Se hai un ISEE inferiore a ${euro(prices.iseeThreshold)} annui puoi richiedere la tariffa agevolata di ${euro(prices.reducedRate)} a seduta.`,
  },
  {
    question: "Chi sono i terapeuti?",
    answer: `I gruppi di ${site.brand} sono condotti da psicologi e psicoterapeuti abilitati e iscritti all'Albo, con una formazione specifica nel lavoro con i gruppi. Nella pagina Terapeuti trovi il profilo di ciascuno: formazione, approccio ed esperienza.`,
  },
  {
    question: "La mia privacy è tutelata?",
    answer: `Sì. Trattiamo i tuoi dati nel rispetto del GDPR e i terapeuti sono vincolati al segreto professionale. Prima di iniziare, tutti i partecipanti sottoscrivono un accordo di riservatezza reciproca: ciò che viene condiviso nel gruppo resta nel gruppo. Le sedute non vengono registrate.`,
  },
  {
    question: "E se il gruppo non fa per me?",
    answer: `Può succedere, e va bene così. Puoi parlarne con il terapeuta e chiedere di essere spostatə in un altro gruppo. Se il gruppo non fa per te, le sedute già pagate e non ancora svolte possono essere rimborsate.`,
  },
];

/** FAQ on the pricing page (8 entries, in the spec's order). */
export const pricingFaq: FaqItem[] = [
  {
    question: "Devo per forza parlare davanti agli altri?",
    answer: `No, nessuno ti obbliga a parlare. Ognuno ha i suoi tempi: puoi iniziare ascoltando e intervenire quando te la senti. Il terapeuta è lì anche per questo, per creare un clima in cui prendere la parola diventi, poco alla volta, più naturale. Molte persone scoprono che ascoltare le storie degli altri è già di grande aiuto.`,
  },
  {
    question: "E se il gruppo non è adatto a me?",
    answer: `Le prime sedute servono anche a capire se il gruppo è quello giusto. Se senti che non lo è, parlane con il terapeuta o scrivici: puoi chiedere di essere spostatə in un altro gruppo. Se il percorso di gruppo non fa per te, le sedute pagate e non ancora svolte ti vengono rimborsate.`,
  },
  {
    question: "Come viene scelto il gruppo giusto per me?",
    answer: `Dopo il questionario ti offriamo un colloquio conoscitivo individuale gratuito con uno dei nostri professionisti. È l'occasione per raccontarci cosa stai vivendo, fare domande e capire insieme se la terapia di gruppo è la strada adatta. Sulla base del colloquio ti abbiniamo a un gruppo di persone con età, tematiche e disponibilità simili alle tue.`,
  },
  {
    question: "Devo tenere la videocamera accesa?",
    answer: `Sì, durante le sedute ti chiediamo di tenere la videocamera accesa. Vedersi in volto aiuta a creare fiducia, permette al terapeuta di cogliere anche ciò che non viene detto a parole e fa sentire ogni partecipante davvero presente per gli altri. Ti consigliamo di collegarti da un luogo tranquillo e riservato.`,
  },
  {
    question: "Cosa succede se salto una seduta?",
    answer: `La vita a volte si mette di mezzo, lo sappiamo. Se avvisi con anticipo, entro i termini indicati nelle condizioni del servizio, la seduta persa non ti viene addebitata. Ti chiediamo solo di comunicarcelo per tempo, anche per rispetto del gruppo che ti aspetta.`,
  },
  {
    question: "Le sedute vengono registrate?",
    answer: `No. Le sedute non vengono mai registrate, né da noi né dai partecipanti: è una delle regole dell'accordo di riservatezza che tutti sottoscrivono. Quello che viene detto nel gruppo resta nel gruppo.`,
  },
  {
    question: "Posso fare terapia di gruppo se sono già in terapia individuale?",
    answer: `Sì, i due percorsi possono integrarsi bene: nel gruppo metti in pratica nella relazione con gli altri ciò su cui lavori da solə con il tuo terapeuta. Ti consigliamo di parlarne sia con il tuo terapeuta individuale sia durante il colloquio conoscitivo, così da costruire un percorso coerente.`,
  },
  {
    question: "Quanto tempo serve per vedere dei risultati?",
    answer: `Già dai primi incontri molte persone provano sollievo nel sentirsi capite e meno sole. I benefici più profondi, come un diverso modo di stare nelle relazioni o di gestire l'ansia, si osservano in genere dopo ${group.benefitsAfterWeeks} settimane di partecipazione costante. Ogni percorso però è personale, e il terapeuta ti aiuterà a fare il punto lungo la strada.`,
  },
];
