import { group, site } from "./site";
import type { TextSection } from "./types";

/** /nostro-metodo: three text blocks shown below the video. */
export const methodBlocks: TextSection[] = [
  {
    title: "Non partire dalle etichette",
    paragraphs: [
      "Ansia, depressione, attacchi di panico: le parole della diagnosi possono essere utili, ma non raccontano chi sei. Per questo non formiamo i gruppi partendo dalle etichette, ma dalle situazioni che le persone vivono: sentirsi in ritardo, sentirsi soli, avere paura del futuro, non riuscire a scegliere.",
      "Partire da ciò che vivi ogni giorno ti permette di riconoscerti negli altri senza doverti definire. Nel questionario e nel colloquio conoscitivo gratuito ti chiediamo di raccontarci la tua situazione con le tue parole: è da lì che iniziamo a costruire il percorso.",
    ],
  },
  {
    title: "Perché il gruppo funziona",
    paragraphs: [
      "Nel gruppo succede qualcosa che in una seduta individuale non può accadere: scopri che altre persone provano ciò che provi tu. Questa esperienza riduce la vergogna e il senso di isolamento, e spesso è il primo passo verso il cambiamento.",
      "Il gruppo è anche uno specchio: attraverso il modo in cui gli altri ti vedono e ti rispondono puoi conoscere aspetti di te che da solə faresti fatica a notare. E ogni volta che offri il tuo ascolto o la tua esperienza a qualcun altro, scopri di avere qualcosa di prezioso da dare. Il terapeuta guida questi processi perché avvengano in un clima sicuro, rispettoso e riservato.",
    ],
  },
  {
    title: "Cosa succede durante il percorso",
    paragraphs: [
      `Dopo il questionario e il colloquio conoscitivo entri in un gruppo di ${group.minPeople}-${group.totalSpots} persone con età, tematiche e disponibilità simili alle tue. Vi incontrate online una volta a settimana, per ${group.sessionMinutes} minuti, sempre con lo stesso terapeuta: la continuità permette di costruire fiducia e di vedere i cambiamenti nel tempo.`,
      `Le prime sedute servono a conoscersi e a stabilire le regole del gruppo, come la riservatezza reciproca e la videocamera accesa. Poi il lavoro si approfondisce: ogni incontro parte da ciò che i partecipanti portano e il terapeuta aiuta il gruppo a collegare le esperienze, a dare un senso alle emozioni e a sperimentare nuove risposte. In genere i benefici più profondi si notano dopo ${group.benefitsAfterWeeks} settimane, e in ogni momento puoi parlare con il terapeuta o con il team di ${site.brand} di come sta andando.`,
    ],
  },
];

/** Call to action at the end of the method page. */
export const methodCta = { text: "Compila il questionario", href: "/questionario" } as const;
