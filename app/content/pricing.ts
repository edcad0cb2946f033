import { group, prices, site } from "./site";
import { euro } from "./format";
import type { PricingCard, PricingIncluded, PricingNote } from "./types";

/** Heading of the /prezzi page. */
export const pricingHeader = {
  title: "Prezzi chiari, senza sorprese",
  subtitle: `Con ${site.brand} paghi seduta per seduta: nessun abbonamento vincolante, nessun costo nascosto. Il primo colloquio conoscitivo è sempre gratuito.`,
} as const;

/** The two price cards. */
export const pricingCards: PricingCard[] = [
  {
    id: "first-session",
    title: "Prima seduta",
    price: prices.firstSession,
    priceLabel: euro(prices.firstSession),
    period: "una tantum",
    badge: "Senza impegno",
    description: "Partecipa al primo incontro del tuo gruppo e scopri come ti senti. Se non fa per te, non devi proseguire.",
    features: ["Colloquio conoscitivo individuale gratuito prima di iniziare", `Una seduta di gruppo di ${group.sessionMinutes} minuti`, "Nessun obbligo di continuare"],
    ctaText: "Compila il questionario",
    ctaLink: "/questionario",
    highlighted: true,
  },
  {
    id: "following-sessions",
    title: "Sedute successive",
    price: prices.followingSession,
    priceLabel: euro(prices.followingSession),
    period: "a settimana",
    description: "Se decidi di continuare, paghi ogni seduta settimanale. Puoi interrompere quando vuoi, senza penali.",
    features: [
      `Un incontro a settimana di ${group.sessionMinutes} minuti`,
      `Gruppo stabile di ${group.minPeople}-${group.totalSpots} persone con lo stesso terapeuta`,
      "Nessun abbonamento vincolante",
      `Tariffa agevolata di ${euro(prices.reducedRate)} con ISEE sotto ${euro(prices.iseeThreshold)}`,
    ],
    ctaText: "Inizia il tuo percorso",
    ctaLink: "/questionario",
    highlighted: false,
  },
];

/** What every session includes. */
export const pricingIncluded: PricingIncluded = {
  title: "Cosa è incluso",
  items: [
    "Conduzione da parte di uno psicologo psicoterapeuta abilitato e iscritto all'Albo",
    `Incontri settimanali di ${group.sessionMinutes} minuti su una piattaforma di videochiamata sicura`,
    `Gruppi piccoli, da ${group.minPeople} a ${group.totalSpots} persone al massimo`,
    "Abbinamento al gruppo in base a bisogni, età, tematiche e disponibilità",
    "Possibilità di chiedere di cambiare gruppo",
    "Sedute non registrate, segreto professionale e accordo di riservatezza reciproca",
    "Nessun addebito per le sedute perse se avvisi con anticipo",
    "Rimborso delle sedute non svolte se il gruppo non fa per te",
  ],
};

/** ISEE reduced-rate note, with the price split from the terms. */
export const reducedRateNote: PricingNote = {
  title: "Tariffa agevolata",
  paragraphs: [
    `Se hai un ISEE inferiore a ${euro(prices.iseeThreshold)} annui puoi accedere alla tariffa agevolata di ${euro(prices.reducedRate)} a seduta invece di ${euro(prices.followingSession)}. Per richiederla basta inviarci l'attestazione ISEE in corso di validità: la trattiamo con la massima riservatezza e la usiamo solo per applicare la tariffa.`,
    `Come si compone il prezzo: la seduta standard di ${euro(prices.followingSession)} comprende ${euro(prices.standardSplit.platform)} per la piattaforma e ${euro(prices.standardSplit.therapist)} per il terapeuta; con la tariffa agevolata di ${euro(prices.reducedRate)} la quota della piattaforma scende a ${euro(prices.reducedSplit.platform)}, mentre il compenso del terapeuta resta di ${euro(prices.reducedSplit.therapist)}.`,
  ],
};
