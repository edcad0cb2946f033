import type { GroupSeed } from "./types";

/**
 * Four demo groups for seeding. therapistIndex refers to therapistSeeds in therapists-seed.ts.
 * "Ritmi propri" is full (8 of 8 confirmed participants).
 */
export const groupSeeds: GroupSeed[] = [
  {
    therapistIndex: 3,
    name: "Ritmi propri",
    topic:
      "Per chi si sente in ritardo rispetto agli altri o in difficoltà davanti a troppe scelte: ritrovare una direzione e un ritmo personale, senza confronti che pesano.",
    situations: ["in-ritardo", "troppe-scelte", "gli-altri-capiscono"],
    weekday: 3,
    time_slot: "Sera",
    start_time: "20:30",
    age_min: 27,
    age_max: 36,
    capacity: 8,
    status: "open",
    starts_in_days: 5,
    confirmed_participants: [
      { initial: "G.", age: 29 },
      { initial: "M.", age: 33 },
      { initial: "S.", age: 31 },
      { initial: "A.", age: 28 },
      { initial: "F.", age: 35 },
      { initial: "L.", age: 30 },
      { initial: "C.", age: 34 },
      { initial: "R.", age: 32 },
    ],
  },
  {
    therapistIndex: 1,
    name: "Legami",
    topic:
      "Per chi si sente solə, anche in mezzo alla gente: uno spazio stabile in cui costruire fiducia e sperimentare nuovi modi di stare con gli altri.",
    situations: ["sentirsi-soli", "gli-altri-capiscono"],
    weekday: 1,
    time_slot: "Sera",
    start_time: "19:00",
    age_min: 25,
    age_max: 34,
    capacity: 8,
    status: "open",
    starts_in_days: 9,
    confirmed_participants: [
      { initial: "E.", age: 26 },
      { initial: "D.", age: 31 },
      { initial: "V.", age: 28 },
      { initial: "P.", age: 33 },
      { initial: "I.", age: 27 },
    ],
  },
  {
    therapistIndex: 2,
    name: "Oltre l'incertezza",
    topic:
      "Per chi vive ansia per il futuro e preoccupazioni che non danno tregua: strumenti concreti per gestire il rimuginio e affrontare l'incertezza con più fiducia.",
    situations: ["ansia-futuro", "preoccupazioni-vita", "paura-tempo"],
    weekday: 4,
    time_slot: "Pomeriggio",
    start_time: "18:00",
    age_min: 30,
    age_max: 40,
    capacity: 8,
    status: "open",
    starts_in_days: 12,
    confirmed_participants: [
      { initial: "T.", age: 34 },
      { initial: "B.", age: 38 },
      { initial: "N.", age: 31 },
    ],
  },
  {
    therapistIndex: 5,
    name: "Nuove direzioni",
    topic:
      "Per chi desidera un cambiamento ma ne ha paura, o si sente intrappolatə nella propria vita e nel confronto con quella degli altri sui social.",
    situations: ["paura-cambiamento", "sentirsi-intrappolati", "confronto-social"],
    weekday: 6,
    time_slot: "Mattina",
    start_time: "10:00",
    age_min: 28,
    age_max: 40,
    capacity: 8,
    status: "open",
    starts_in_days: 16,
    confirmed_participants: [
      { initial: "O.", age: 36 },
      { initial: "C.", age: 29 },
      { initial: "F.", age: 39 },
      { initial: "G.", age: 32 },
      { initial: "A.", age: 30 },
      { initial: "M.", age: 35 },
    ],
  },
];
