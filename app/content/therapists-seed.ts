import type { TherapistSeed } from "./types";

/**
 * Six demo therapists for seeding the database (fictional people and registration numbers).
 * groups-seed.ts refers to them by index (0-5).
 */
export const therapistSeeds: TherapistSeed[] = [
  {
    name: "Chiara Bellini",
    role: "Psicologa Psicoterapeuta",
    specialization: "Ansia sociale e autostima",
    experience: "12 anni di esperienza",
    description:
      "Aiuta le persone a fare pace con il giudizio degli altri e con il proprio. Nei gruppi crea un clima accogliente in cui anche chi fa fatica a parlare trova i suoi tempi.",
    biography:
      "Chiara si è laureata in Psicologia clinica all'Università di Padova e si è specializzata in psicoterapia cognitivo-comportamentale a Milano. Da oltre dieci anni lavora con giovani adulti che vivono ansia sociale, timidezza e difficoltà nelle relazioni, prima in un centro clinico e poi nella libera professione.\n\nHa iniziato a condurre gruppi nel 2016 e da allora non ha più smesso: crede che il gruppo sia il luogo ideale per allenare, in sicurezza, ciò che fuori fa paura. Nei suoi gruppi unisce strumenti pratici per gestire l'ansia a uno spazio di ascolto profondo.",
    registration_number: "Albo Psicologi Lombardia n. 14872",
    qualifications: [
      "Laurea magistrale in Psicologia clinica, Università di Padova",
      "Specializzazione in Psicoterapia cognitivo-comportamentale",
      "Formazione in conduzione di gruppi terapeutici",
    ],
    approaches: ["Cognitivo-comportamentale", "Mindfulness", "Terapia di gruppo"],
  },
  {
    name: "Luca Ferraro",
    role: "Psicologo Psicoterapeuta",
    specialization: "Solitudine e relazioni",
    experience: "9 anni di esperienza",
    description:
      "Si occupa di solitudine, relazioni e momenti di passaggio della vita adulta. Conduce i gruppi con uno stile diretto e caloroso, attento ai legami che nascono tra i partecipanti.",
    biography:
      "Luca si è formato all'Università di Bologna e ha conseguito la specializzazione in psicoterapia sistemico-relazionale. Ha lavorato a lungo in un consultorio familiare, dove ha incontrato molte persone alle prese con trasferimenti, separazioni e reti sociali da ricostruire.\n\nNei gruppi si concentra sul modo in cui le persone entrano in relazione, con gli altri e con la propria storia. È convinto che sentirsi parte di un gruppo, anche online, sia un'esperienza capace di cambiare il modo in cui si sta nel mondo.",
    registration_number: "Albo Psicologi Emilia-Romagna n. 8421",
    qualifications: ["Laurea magistrale in Psicologia, Università di Bologna", "Specializzazione in Psicoterapia sistemico-relazionale", "Master in psicologia di comunità"],
    approaches: ["Sistemico-relazionale", "Terapia di gruppo", "Psicologia di comunità"],
  },
  {
    name: "Martina Greco",
    role: "Psicologa Psicoterapeuta",
    specialization: "Ansia e gestione dello stress",
    experience: "8 anni di esperienza",
    description:
      "Accompagna chi vive ansia per il futuro, stress lavorativo e pensieri che non danno tregua. Offre strumenti concreti e uno sguardo gentile sulle proprie fragilità.",
    biography:
      "Martina si è laureata alla Sapienza Università di Roma e si è specializzata in psicoterapia cognitivo-comportamentale, con una formazione successiva in Acceptance and Commitment Therapy (ACT). Lavora da anni con giovani professionisti e persone in fasi di forte incertezza lavorativa.\n\nNei gruppi aiuta i partecipanti a riconoscere i meccanismi dell'ansia e del rimuginio e a sperimentare nuovi modi di rispondere. Ama vedere come il confronto tra persone diverse generi soluzioni che nessuno avrebbe trovato da solo.",
    registration_number: "Albo Psicologi Lazio n. 23516",
    qualifications: [
      "Laurea magistrale in Psicologia clinica e della salute, Sapienza Università di Roma",
      "Specializzazione in Psicoterapia cognitivo-comportamentale",
      "Formazione in Acceptance and Commitment Therapy (ACT)",
    ],
    approaches: ["Cognitivo-comportamentale", "ACT", "Mindfulness"],
  },
  {
    name: "Davide Conti",
    role: "Psicologo Psicoterapeuta",
    specialization: "Crisi di crescita e scelte di vita",
    experience: "15 anni di esperienza",
    description: "Lavora con chi si sente bloccato, in ritardo o davanti a troppe strade possibili. Nei gruppi aiuta a dare senso alle scelte partendo dalla propria storia.",
    biography:
      "Davide si è formato all'Università di Torino e si è specializzato in psicoterapia psicodinamica, approfondendo poi la gruppoanalisi. Ha lavorato per diversi anni in un servizio di consulenza psicologica universitaria, accompagnando studenti e giovani adulti nei momenti di scelta.\n\nOggi conduce gruppi dedicati alle crisi di crescita della vita adulta: il senso di ritardo, la paura di sbagliare, il bisogno di ritrovare una direzione. Per lui il gruppo è uno specchio prezioso, in cui ognuno può vedersi con occhi nuovi.",
    registration_number: "Albo Psicologi Piemonte n. 6093",
    qualifications: ["Laurea in Psicologia, Università di Torino", "Specializzazione in Psicoterapia psicodinamica", "Formazione in gruppoanalisi"],
    approaches: ["Psicodinamico", "Gruppoanalisi", "Terapia di gruppo"],
  },
  {
    name: "Elena Marchetti",
    role: "Psicologa Psicoterapeuta",
    specialization: "Umore, autostima e confronto sociale",
    experience: "10 anni di esperienza",
    description:
      "Si occupa di umore basso, autostima e del peso del confronto con gli altri, anche sui social. Porta nei gruppi ascolto, ironia e grande rispetto per i tempi di ciascuno.",
    biography:
      "Elena si è laureata all'Università di Firenze e si è specializzata in psicoterapia integrata, con una formazione specifica nella terapia focalizzata sulla compassione. Ha lavorato in ambito ospedaliero e in studio privato, occupandosi soprattutto di depressione lieve e moderata e di difficoltà legate all'immagine di sé.\n\nNei gruppi aiuta i partecipanti a diventare un po' più gentili con se stessi, a riconoscere la voce critica interiore e a dare valore al proprio percorso. Crede molto nella forza del sentirsi riconosciuti dagli altri.",
    registration_number: "Albo Psicologi Toscana n. 9754",
    qualifications: ["Laurea magistrale in Psicologia clinica, Università di Firenze", "Specializzazione in Psicoterapia integrata", "Formazione in Compassion Focused Therapy"],
    approaches: ["Integrato", "Compassion Focused Therapy", "Terapia di gruppo"],
  },
  {
    name: "Giorgia Russo",
    role: "Psicologa Psicoterapeuta",
    specialization: "Cambiamenti e transizioni di vita",
    experience: "7 anni di esperienza",
    description:
      "Accompagna le persone nei cambiamenti: un trasferimento, un nuovo lavoro, la fine di una relazione, la paura che il tempo passi troppo in fretta. Nei gruppi valorizza le risorse che ciascuno porta con sé.",
    biography:
      "Giorgia si è laureata all'Università Federico II di Napoli e si è specializzata in psicoterapia della Gestalt. Dopo alcuni anni in un centro per giovani adulti ha iniziato a lavorare online, appassionandosi alle possibilità della terapia a distanza.\n\nNei suoi gruppi presta attenzione a ciò che accade nel qui e ora, alle emozioni e al corpo, oltre che alle parole. Aiuta i partecipanti ad attraversare i cambiamenti senza rinnegare ciò che sono stati, trasformando la paura in curiosità.",
    registration_number: "Albo Psicologi Campania n. 11387",
    qualifications: [
      "Laurea magistrale in Psicologia, Università degli Studi di Napoli Federico II",
      "Specializzazione in Psicoterapia della Gestalt",
      "Corso di perfezionamento in psicologia online",
    ],
    approaches: ["Gestalt", "Terapia di gruppo", "Approccio esperienziale"],
  },
];
