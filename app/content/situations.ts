import { site } from "./site";
import type { SituationCard } from "./types";

/** Title of the home section that lists the situation cards. */
export const situationsTitle = `${site.brand} fa per te se...`;

/** Ten situation cards on the home page, one per problem slug, each linking to /problemi/{slug}. */
export const situationCards: SituationCard[] = [
  {
    text: "Senti di essere in ritardo rispetto agli altri",
    icon: "Clock",
    slug: "in-ritardo",
  },
  {
    text: "Ti senti solə, anche quando sei in mezzo alla gente",
    icon: "UserRound",
    slug: "sentirsi-soli",
  },
  {
    text: "Il pensiero del futuro ti mette ansia",
    icon: "Compass",
    slug: "ansia-futuro",
  },
  {
    text: "Ti senti intrappolatə in una vita che non senti tua",
    icon: "Lock",
    slug: "sentirsi-intrappolati",
  },
  {
    text: "Ti confronti continuamente con le vite che vedi sui social",
    icon: "Smartphone",
    slug: "confronto-social",
  },
  {
    text: "Hai così tante possibilità davanti che non riesci a scegliere",
    icon: "Split",
    slug: "troppe-scelte",
  },
  {
    text: "Hai l'impressione che gli altri abbiano capito come si vive, e tu no",
    icon: "CircleHelp",
    slug: "gli-altri-capiscono",
  },
  {
    text: "Desideri un cambiamento, ma ti fa paura",
    icon: "RefreshCw",
    slug: "paura-cambiamento",
  },
  {
    text: "Le preoccupazioni per lavoro, soldi e relazioni non ti lasciano tregua",
    icon: "CloudRain",
    slug: "preoccupazioni-vita",
  },
  {
    text: "Hai paura che il tempo ti stia scivolando via",
    icon: "Hourglass",
    slug: "paura-tempo",
  },
];
