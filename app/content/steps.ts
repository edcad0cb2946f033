import { group } from "./site";
import type { Step } from "./types";

/** "Come funziona" on the home page: three numbered steps. */
export const howItWorksSteps: Step[] = [
  {
    icon: "ClipboardList",
    title: "Compila il questionario",
    description:
      "Rispondi a qualche domanda su di te, su ciò che stai vivendo e sulla tua disponibilità. Ci vogliono circa 4 minuti e ci aiuta a capire quale gruppo può fare al caso tuo.",
  },
  {
    icon: "Phone",
    title: "Fai il colloquio conoscitivo gratuito",
    description:
      "Un nostro professionista ti chiama per conoscerti, ascoltare i tuoi bisogni e spiegarti come funziona il percorso. Il primo colloquio è gratuito e senza impegno.",
  },
  {
    icon: "Users",
    title: "Entra nel tuo gruppo",
    description: `Partecipa agli incontri online settimanali di ${group.sessionMinutes} minuti, insieme a ${group.minPeople}-${group.totalSpots} persone con esperienze simili alle tue e a uno psicologo specializzato nel lavoro con i gruppi.`,
  },
];

/** Button at the end of the "Come funziona" section. */
export const howItWorksCta = { text: "Inizia il tuo percorso", href: "/questionario" } as const;
