import type { Testimonial } from "./types";

/** Three static stories shown on the home page (#testimonials), with five stars. */
export const testimonials: Testimonial[] = [
  {
    text: "Pensavo di essere l'unica a sentirmi sempre un passo indietro rispetto alle mie amiche. Nel gruppo ho trovato persone che capivano esattamente di cosa parlavo, senza bisogno di spiegare troppo. Dopo qualche mese mi giudico molto meno e ho ricominciato a fare progetti.",
    author: "Giulia, 29 anni",
    highlight: "Milano",
  },
  {
    text: "All'inizio l'idea di parlare davanti a sconosciuti mi bloccava. Per le prime sedute ho soprattutto ascoltato e nessuno mi ha messo fretta. Poi un mercoledì sera ho preso la parola e da lì è cambiato qualcosa: oggi affronto le riunioni di lavoro con molta meno ansia.",
    author: "Marco, 34 anni",
    highlight: "Bologna",
  },
  {
    text: "Mi ero trasferita per lavoro in una città dove non conoscevo nessuno e la solitudine era diventata pesante. L'appuntamento settimanale con il gruppo è diventato un punto fermo. La terapeuta ci guida con grande delicatezza e ho imparato a chiedere aiuto anche fuori da lì.",
    author: "Francesca, 31 anni",
    highlight: "Torino",
  },
];
