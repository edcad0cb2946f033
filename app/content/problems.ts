import { group, site } from "./site";
import type { ProblemPage, ProblemSlug } from "./types";

export const problemPages: Record<ProblemSlug, ProblemPage> = {
  "in-ritardo": {
    slug: "in-ritardo",
    title: "Ti senti in ritardo rispetto agli altri?",
    description:
      "Amici che si sposano, colleghi che fanno carriera, e tu con la sensazione di essere rimastə indietro. Nel gruppo puoi guardare questa sensazione da vicino, senza giudizio.",
    content: {
      intro:
        "Scorri le notizie degli amici e sembra che tutti abbiano raggiunto tappe che per te sono ancora lontane: una casa, un lavoro stabile, una relazione, dei figli. La sensazione di essere in ritardo può diventare un sottofondo costante, che toglie valore a quello che hai già costruito. Non è un difetto di carattere: è un'esperienza molto diffusa, soprattutto tra i 25 e i 40 anni.",
      howGroupHelps:
        'Nel gruppo incontri persone che conoscono bene quella stessa fretta e quel confronto silenzioso con la vita degli altri. Ascoltare le loro storie ti aiuta a capire che non esiste un calendario unico valido per tutti. Con la guida del terapeuta puoi riconoscere da dove arrivano le scadenze che ti imponi e distinguere ciò che desideri davvero da ciò che senti di "dover" fare. Settimana dopo settimana, il confronto con gli altri smette di essere una gara e diventa una risorsa.',
      benefits: [
        'Ridimensionare il peso delle tappe "obbligatorie" e delle aspettative esterne',
        "Riconoscere e dare valore a ciò che hai già costruito",
        "Ritrovare un ritmo personale, senza sentirti in colpa",
        "Scoprire che molte altre persone vivono la stessa sensazione",
      ],
    },
  },
  "sentirsi-soli": {
    slug: "sentirsi-soli",
    title: "Ti senti solə, anche in mezzo agli altri?",
    description: "La solitudine non dipende solo da quante persone hai intorno. In un piccolo gruppo guidato puoi ritrovare il senso di appartenenza e di legame.",
    content: {
      intro:
        "Ci si può sentire soli in una città nuova, dopo la fine di una relazione, quando gli amici prendono strade diverse, ma anche in una stanza piena di gente. La solitudine è la distanza tra i legami che hai e quelli di cui senti il bisogno. Se dura a lungo, pesa sull'umore, sul sonno e sulla fiducia in se stessi.",
      howGroupHelps: `Il gruppo è, prima di tutto, un luogo in cui non sei solə: ogni settimana le stesse ${group.minPeople}-${group.totalSpots} persone si ritrovano e imparano a conoscersi. In questo spazio protetto puoi sperimentare cosa significa essere ascoltatə e ascoltare, senza il timore di essere di troppo. Il terapeuta aiuta il gruppo a esplorare le paure e le abitudini che, fuori, rendono difficile avvicinarsi agli altri. Ciò che impari nel gruppo diventa poi un punto di partenza per costruire legami anche nella tua vita quotidiana.`,
      benefits: [
        "Un appuntamento fisso in cui sentirti parte di qualcosa",
        "Capire cosa ti frena quando provi ad avvicinarti agli altri",
        "Allenare la fiducia nelle relazioni in un contesto sicuro",
        "Portare nella vita di tutti i giorni nuovi modi di stare con le persone",
      ],
    },
  },
  "ansia-futuro": {
    slug: "ansia-futuro",
    title: "Il futuro ti mette ansia?",
    description: "Lavoro precario, scelte rimandate, un domani che sembra incerto: l'ansia per il futuro si può affrontare, insieme ad altre persone che la conoscono.",
    content: {
      intro:
        "Pensare al futuro dovrebbe aprire possibilità, ma a volte si trasforma in un elenco di scenari negativi che si ripetono nella mente. L'incertezza sul lavoro, sulla casa o sulle relazioni può rendere difficile godersi il presente e prendere decisioni. L'ansia anticipatoria è una reazione comprensibile, ma quando diventa costante merita attenzione.",
      howGroupHelps:
        "Nel gruppo puoi dare voce alle tue preoccupazioni e accorgerti che anche altri le condividono: già questo, spesso, ne riduce l'intensità. Il terapeuta aiuta a riconoscere i pensieri che alimentano l'ansia e a distinguere ciò che è nelle tue mani da ciò che non lo è. Attraverso il confronto con le strategie degli altri partecipanti scopri modi diversi di stare nell'incertezza. L'obiettivo non è prevedere il futuro, ma sentirti più capace di affrontarlo.",
      benefits: [
        "Riconoscere i pensieri catastrofici e ridurne la presa",
        "Imparare strumenti concreti per gestire l'ansia anticipatoria",
        "Concentrarti su ciò che puoi fare oggi",
        "Affrontare l'incertezza con più fiducia e meno solitudine",
      ],
    },
  },
  "sentirsi-intrappolati": {
    slug: "sentirsi-intrappolati",
    title: "Ti senti intrappolatə nella tua vita?",
    description: "Un lavoro che non ti somiglia, una routine che ti stringe, la sensazione di non avere vie d'uscita. Nel gruppo puoi ritrovare spazio di movimento.",
    content: {
      intro:
        'A volte la vita che conduci sembra costruita da qualcun altro: un lavoro scelto per necessità, abitudini che non ti rappresentano più, relazioni in cui non ti riconosci. La sensazione di essere in trappola porta con sé frustrazione, stanchezza e, spesso, il senso di colpa per non essere "abbastanza grati" di ciò che si ha.',
      howGroupHelps:
        "Nel gruppo hai la possibilità di raccontare questa sensazione senza doverla giustificare. Il confronto con gli altri partecipanti mette in luce i vincoli reali ma anche quelli che ci imponiamo da soli, spesso senza accorgercene. Con il sostegno del terapeuta puoi esplorare cosa ti tiene fermə e quali piccoli passi sono già possibili. Gli altri membri diventano testimoni dei tuoi cambiamenti, e questo rende più facile mantenerli.",
      benefits: [
        "Dare un nome a ciò che ti fa sentire bloccatə",
        "Distinguere i vincoli reali dalle convinzioni che ti limitano",
        "Individuare piccoli passi concreti verso ciò che desideri",
        "Avere un gruppo che sostiene i tuoi cambiamenti nel tempo",
      ],
    },
  },
  "confronto-social": {
    slug: "confronto-social",
    title: "Ti confronti continuamente con le vite sui social?",
    description: "Vacanze perfette, successi, relazioni da copertina: il confronto sui social può consumare l'autostima. Nel gruppo trovi persone reali e storie vere.",
    content: {
      intro:
        "Bastano pochi minuti sui social per sentirsi meno interessanti, meno realizzati, meno felici. Sappiamo che si tratta di una selezione dei momenti migliori, eppure il confronto scatta lo stesso. Con il tempo può erodere l'autostima e lasciare un senso di inadeguatezza difficile da scrollarsi di dosso.",
      howGroupHelps:
        "Il gruppo offre esattamente ciò che i social non mostrano: persone vere, con dubbi, fatiche e piccoli successi quotidiani. Sentire gli altri parlare delle proprie insicurezze aiuta a ridimensionare l'immagine idealizzata che abbiamo degli altri. Con il terapeuta puoi osservare quando e perché il confronto ti ferisce di più, e cosa cerchi davvero quando scorri lo schermo. Pian piano diventa possibile usare i social in modo più consapevole e misurarti con i tuoi valori, non con quelli di un feed.",
      benefits: [
        "Riconoscere i momenti in cui il confronto ti fa stare peggio",
        "Costruire un'autostima meno dipendente dallo sguardo degli altri",
        "Ritrovare il valore della tua storia, così com'è",
        "Sviluppare un rapporto più sereno e consapevole con i social",
      ],
    },
  },
  "troppe-scelte": {
    slug: "troppe-scelte",
    title: "Troppe scelte e nessuna che ti convince?",
    description: "Quando ogni strada sembra possibile, scegliere diventa paralizzante. Nel gruppo puoi chiarire cosa conta davvero per te e imparare a decidere.",
    content: {
      intro:
        "Cambiare lavoro o restare, trasferirsi o no, investire in una relazione o in un progetto: avere tante possibilità dovrebbe essere una libertà, ma spesso diventa un peso. La paura di sbagliare porta a rimandare, a raccogliere sempre nuove informazioni, a sentirsi in colpa per ogni strada non presa. Intanto il tempo passa e la sensazione di stallo cresce.",
      howGroupHelps:
        "Nel gruppo puoi raccontare i tuoi dilemmi e ascoltare come altre persone affrontano decisioni simili. Il terapeuta aiuta a far emergere i valori e i bisogni che stanno sotto ogni scelta, spesso più chiari di quanto sembri. Gli altri partecipanti offrono punti di vista nuovi, senza la pressione di chi ha un interesse nella tua decisione. Così la scelta smette di essere un esame da superare e torna a essere un passo della tua vita.",
      benefits: [
        "Chiarire i valori e le priorità che guidano le tue decisioni",
        "Ridurre la paura di sbagliare e il bisogno della scelta perfetta",
        "Ricevere punti di vista diversi e non giudicanti",
        "Passare dal rimandare all'agire, un passo alla volta",
      ],
    },
  },
  "gli-altri-capiscono": {
    slug: "gli-altri-capiscono",
    title: "Ti sembra che gli altri abbiano capito tutto, tranne te?",
    description:
      "La sensazione che tutti sappiano come si vive e tu no è più comune di quanto pensi. Nel gruppo scopri che dietro la sicurezza degli altri ci sono gli stessi dubbi.",
    content: {
      intro:
        "Gli altri sembrano sapere cosa vogliono, come comportarsi, quale strada seguire. Tu invece ti senti spesso fuori posto, come se ti mancasse un manuale che tutti hanno ricevuto. Questa sensazione può portarti a metterti da parte, a non chiedere e a mostrare una sicurezza che non senti.",
      howGroupHelps:
        "In un gruppo terapeutico le maschere cadono più facilmente: ascoltando gli altri scopri che anche chi sembra sicuro di sé convive con incertezze simili alle tue. Questa scoperta, che in psicologia di gruppo si chiama universalità, è uno dei fattori che più aiutano a stare meglio. Con il terapeuta puoi esplorare l'origine del tuo senso di inadeguatezza e sperimentare, proprio lì, che le tue domande hanno spazio. Ciò che ti sembrava un limite può diventare un modo autentico di stare con gli altri.",
      benefits: [
        "Scoprire che i tuoi dubbi sono condivisi da molte persone",
        "Ridurre il senso di inadeguatezza e di esclusione",
        "Imparare a mostrarti per come sei, senza fingere sicurezza",
        "Fare domande e chiedere aiuto con più libertà",
      ],
    },
  },
  "paura-cambiamento": {
    slug: "paura-cambiamento",
    title: "Vorresti cambiare, ma hai paura?",
    description: "Desiderare un cambiamento e allo stesso tempo temerlo è profondamente umano. Nel gruppo puoi trovare il sostegno per muovere i primi passi.",
    content: {
      intro:
        "Sai che qualcosa deve cambiare: il lavoro, una relazione, un'abitudine, il modo in cui ti tratti. Eppure, quando arriva il momento di agire, la paura prende il sopravvento e ti ritrovi al punto di partenza. Non è pigrizia né mancanza di volontà: anche una situazione che fa soffrire, se è conosciuta, può sembrare più sicura dell'ignoto.",
      howGroupHelps:
        "Nel gruppo puoi esplorare con calma cosa temi di perdere e cosa speri di trovare. Vedere altre persone affrontare i propri cambiamenti, con le loro esitazioni e le loro conquiste, rende il tuo più concreto e possibile. Il terapeuta aiuta a riconoscere le resistenze senza forzarle e a trasformare un grande salto in passi sostenibili. Il gruppo, settimana dopo settimana, diventa una base sicura da cui partire e a cui tornare.",
      benefits: [
        "Capire cosa si nasconde dietro la paura di cambiare",
        "Trasformare i grandi cambiamenti in passi piccoli e realistici",
        "Sentirti sostenutə nei momenti di esitazione",
        "Celebrare i progressi insieme a chi conosce la tua storia",
      ],
    },
  },
  "preoccupazioni-vita": {
    slug: "preoccupazioni-vita",
    title: "Le preoccupazioni non ti danno tregua?",
    description: "Lavoro, soldi, salute, relazioni: quando le preoccupazioni si accumulano la mente non si ferma mai. Nel gruppo impari a ritrovare spazio e respiro.",
    content: {
      intro:
        "Ci sono periodi in cui i pensieri si rincorrono senza sosta: le bollette, un capo esigente, la salute dei genitori, una relazione che scricchiola. Preoccuparsi è naturale, ma quando diventa un rimuginio costante toglie energia, disturba il sonno e rende difficile concentrarsi su tutto il resto.",
      howGroupHelps:
        "Condividere le preoccupazioni in un gruppo le rende più leggere: dirle ad alta voce, davanti a persone che ascoltano senza giudicare, aiuta a metterle in ordine. Il terapeuta guida il gruppo a riconoscere i meccanismi del rimuginio e a sperimentare modi diversi di rispondere. Dal confronto nascono spesso idee pratiche, ma soprattutto la sensazione di non dover portare tutto da solə. Con il tempo impari a distinguere i problemi da risolvere da quelli da lasciar andare.",
      benefits: [
        "Alleggerire il carico mentale condividendolo con altri",
        "Riconoscere e interrompere il circolo del rimuginio",
        "Ritrovare energia, concentrazione e un sonno più sereno",
        "Distinguere ciò che puoi risolvere da ciò che puoi lasciar andare",
      ],
    },
  },
  "paura-tempo": {
    slug: "paura-tempo",
    title: "Hai paura che il tempo ti stia sfuggendo?",
    description: "I compleanni pesano, gli anni sembrano correre e le occasioni sfumare. Nel gruppo puoi fare pace con il tempo e tornare a viverlo con più pienezza.",
    content: {
      intro:
        "Ogni anno che passa può portare con sé un bilancio: cosa ho fatto, cosa non ho ancora fatto, cosa rischio di non fare più. La paura che il tempo stia scivolando via può spingere a correre senza direzione oppure, al contrario, a paralizzarsi. In entrambi i casi il presente finisce per essere vissuto solo a metà.",
      howGroupHelps:
        "Nel gruppo puoi condividere l'angoscia legata al tempo con persone che la conoscono e che, magari, la vivono in fasi diverse della vita. Il terapeuta aiuta a esplorare le aspettative e i rimpianti che rendono il tempo un nemico, e a recuperare ciò che per te ha davvero senso. Il ritmo regolare degli incontri, ogni settimana, è già di per sé un'esperienza di tempo dedicato a te. A poco a poco diventa possibile passare dal rimpianto all'intenzione.",
      benefits: [
        "Dare spazio a rimpianti e timori senza esserne sopraffattə",
        "Ridefinire le priorità in base a ciò che conta per te",
        "Vivere il presente con più consapevolezza e meno fretta",
        `Un tempo tutto tuo, ogni settimana, per ${group.sessionMinutes} minuti con ${site.brand}`,
      ],
    },
  },
};
