import { prices } from "./site";
import { euro } from "./format";
import type { ComparisonFeature } from "./types";

/** Home page comparison table: group versus individual therapy (7 fixed rows). */
export const comparisonFeatures: ComparisonFeature[] = [
  {
    feature: "Guidata da psicologi psicoterapeuti abilitati",
    groupTherapy: true,
    individualTherapy: true,
  },
  {
    feature: "Tutelata da segreto professionale e riservatezza",
    groupTherapy: true,
    individualTherapy: true,
  },
  {
    feature: "Confronto con persone che vivono situazioni simili alla tua",
    groupTherapy: true,
    individualTherapy: false,
  },
  {
    feature: "Ti fa scoprire che non sei l'unicə a provare certe emozioni",
    groupTherapy: true,
    individualTherapy: false,
  },
  {
    feature: "Permette di allenare le relazioni in uno spazio protetto",
    groupTherapy: true,
    individualTherapy: false,
  },
  {
    feature: `Costo contenuto: ${euro(prices.followingSession)} a settimana, senza abbonamento`,
    groupTherapy: true,
    individualTherapy: false,
  },
  {
    feature: "Tutto lo spazio della seduta dedicato solo a te",
    groupTherapy: false,
    individualTherapy: true,
  },
];
