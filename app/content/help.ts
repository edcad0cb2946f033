/**
 * "Hai bisogno di aiuto subito?" (/aiuto-subito): the emergency number and the national helplines.
 * Each number and its hours were checked against the source named in docs/features/help-page.md;
 * check them again there before changing a line.
 */

export const HELP_PATH = "/aiuto-subito";

export const helpTitle = "Hai bisogno di aiuto subito?";

export interface Helpline {
  name: string;
  /** As written on the page: "02 2327 2327". */
  number: string;
  /** For the tel: link, digits only. */
  dial: string;
  /** Who it is for, in one line. */
  forWhom: string;
  hours: string;
  /** The service's own site, where the hours are kept up to date. */
  site: { href: string; label: string };
}

export const emergency = {
  number: "112",
  dial: "112",
  title: "In pericolo o in emergenza: chiama il 112",
  text: "Se tu o un'altra persona siete in pericolo immediato, se temi di farti del male o hai bisogno di un'ambulanza, chiama il 112, il Numero Unico di Emergenza europeo: è gratuito, da telefono fisso e cellulare, e risponde 24 ore su 24. Puoi anche andare al pronto soccorso più vicino.",
} as const;

export const helplines: readonly Helpline[] = [
  {
    name: "Telefono Amico Italia",
    number: "02 2327 2327",
    dial: "0223272327",
    forWhom: "Ascolto anonimo per chi si sente solə, in crisi o ha bisogno di parlare con qualcuno.",
    hours: "Tutti i giorni dalle 10 alle 24 (costo di una chiamata verso Milano).",
    site: { href: "https://www.telefonoamico.it", label: "telefonoamico.it" },
  },
  {
    name: "Telefono Azzurro",
    number: "19696",
    dial: "19696",
    forWhom: "Per bambini e ragazzi fino a 18 anni, e per gli adulti preoccupati per un minore.",
    hours: "Gratuito, 24 ore su 24, tutti i giorni. Chat sul sito.",
    site: { href: "https://www.azzurro.it", label: "azzurro.it" },
  },
  {
    name: "1522, numero antiviolenza e stalking",
    number: "1522",
    dial: "1522",
    forWhom: "Per chi subisce violenza o stalking, anche in forma anonima; risponde in molte lingue.",
    hours: "Gratuito, 24 ore su 24, tutti i giorni, da fisso e cellulare. Chat sul sito.",
    site: { href: "https://www.1522.eu", label: "1522.eu" },
  },
];

/** What the page says about this service, plainly: it is not an emergency service. */
export const notAnEmergencyService =
  "Il nostro servizio di terapia di gruppo non è un servizio di emergenza: non possiamo rispondere subito ai messaggi e le email vengono lette nei giorni lavorativi. Se stai male adesso, non aspettare il prossimo incontro: usa uno dei numeri qui sopra. Puoi anche rivolgerti al tuo medico di base o, di notte e nei festivi, alla guardia medica (continuità assistenziale) della tua ASL.";
