import { defaultBlogCtaLink, defaultBlogCtaText, group, site } from "./site";
import type { BlogPostSeed } from "./types";

/** The demo images are vector illustrations drawn at seed time (app/server/db/demo-images.server.ts). */
const imageCredits = `Illustrazioni realizzate per ${site.brand}.`;

/**
 * Five published articles used to seed the blog. Texts are split into paragraphs by blank lines.
 * images_data urls are filled in at seed time.
 */
export const blogSeedPosts: BlogPostSeed[] = [
  /* ---------------------------------------------------------------- */
  {
    title: "Ansia sociale: cos'è e come iniziare ad affrontarla",
    subtitle: "Quando la paura del giudizio degli altri diventa più grande della voglia di esserci",
    excerpt:
      "Cuore che accelera prima di una riunione, inviti rifiutati, conversazioni ripassate mille volte: l'ansia sociale è più diffusa di quanto pensi. Ecco come riconoscerla e da dove partire.",
    read_time: "5 min",
    published_date: "2025-03-18",
    slug: "ansia-sociale-cos-e-come-affrontarla",
    is_featured: false,
    is_published: true,
    meta_title: "Ansia sociale: cos'è e come iniziare ad affrontarla",
    meta_description:
      "Ansia sociale o timidezza? Scopri come riconoscerla, perché tende ad autoalimentarsi e come la terapia di gruppo online può aiutarti a uscire dall'evitamento.",
    introduction:
      "Ti è mai capitato di rinunciare a una cena perché l'idea di dover parlare con persone nuove ti toglieva il respiro? Oppure di ripassare mentalmente per ore una frase detta in riunione, convinto o convinta di aver fatto una pessima figura? Se ti riconosci in queste situazioni, non sei l'unica persona a viverle.\n\nL'ansia sociale è una delle forme di ansia più comuni, e spesso comincia in adolescenza per poi accompagnarci, in silenzio, anche nella vita adulta. Non è un difetto di carattere né una semplice timidezza da superare con un po' di buona volontà. È una paura intensa e persistente di essere osservati, giudicati o rifiutati, che può limitare il lavoro, le amicizie e le relazioni affettive. La buona notizia è che si può affrontare, e che nessuno deve farlo da solo.",
    main_sections: [
      {
        type: "h2",
        title: "Timidezza o ansia sociale? Le differenze",
        content:
          "Molte persone sono timide: si sentono un po' a disagio in mezzo agli sconosciuti, preferiscono ascoltare piuttosto che parlare, hanno bisogno di tempo per sciogliersi. La timidezza è un tratto del carattere e, di per sé, non è un problema. L'ansia sociale, invece, è qualcosa di diverso per intensità e per conseguenze.\n\nChi vive l'ansia sociale prova una paura molto forte in situazioni in cui potrebbe essere valutato dagli altri: parlare in pubblico, fare una telefonata, mangiare davanti a qualcuno, esprimere un'opinione in riunione, conoscere persone nuove. Spesso compaiono sintomi fisici come rossore, sudorazione, tremore, voce che si incrina, cuore che batte all'impazzata. E soprattutto la paura non si limita al momento: può cominciare giorni prima, con pensieri anticipatori, e continuare dopo, con un'analisi spietata di ogni parola detta.\n\nIl segnale più importante è l'impatto sulla vita quotidiana. Quando la paura porta a rinunciare a opportunità di lavoro, a evitare amicizie o a sentirsi costantemente in tensione, vale la pena chiedere aiuto a un professionista.",
      },
      {
        type: "h2",
        title: "Perché l'ansia sociale tende ad autoalimentarsi",
        content:
          "L'ansia sociale si regge su alcune convinzioni molto radicate: che gli altri notino ogni nostro errore, che ci giudichino severamente, che un passo falso sia imperdonabile. Queste convinzioni spingono a tenere sotto controllo ogni dettaglio di sé, a prepararsi in modo eccessivo, a stare sempre all'erta.\n\nIl paradosso è che tutta questa attenzione rivolta a se stessi rende più difficile essere presenti nella conversazione. Chi è concentrato sul timore di arrossire ascolta meno, risponde con più fatica e, spesso, interpreta ogni silenzio o espressione neutra come un segnale di disapprovazione. Così l'esperienza sembra confermare la paura di partenza.\n\nC'è poi il \"dopo\": una volta tornati a casa, molte persone ripercorrono la situazione nei minimi dettagli, soffermandosi su ogni possibile errore e ignorando tutto ciò che è andato bene. Questa revisione a posteriori lascia un ricordo più negativo di quanto sia stata davvero l'esperienza, e rende ancora più temuta la prossima occasione sociale. Conoscere questi meccanismi è utile perché mostra che l'ansia non è un giudizio oggettivo su di noi, ma un processo che si può imparare a riconoscere e a modificare.",
      },
      {
        type: "h3",
        title: "Il circolo dell'evitamento",
        content:
          "Il meccanismo che più mantiene l'ansia sociale è l'evitamento. Rinunciare alla festa, non alzare la mano, far parlare sempre gli altri dà un sollievo immediato, ma ha un costo nascosto: non permette mai di scoprire che la situazione temuta sarebbe stata gestibile. Il cervello registra soltanto che evitare ha funzionato, e la volta successiva la paura è un po' più forte.\n\nAnche i cosiddetti comportamenti protettivi, come preparare ogni frase, tenere lo sguardo basso o bere qualcosa per sciogliersi, funzionano in modo simile: ci convincono che siamo sopravvissuti solo grazie a loro. Uscire da questo circolo significa sperimentare, poco alla volta e in un contesto sicuro, che è possibile esporsi e che le conseguenze sono molto meno terribili di quanto immaginiamo.",
      },
      {
        type: "h2",
        title: "Come la terapia di gruppo può aiutare",
        content:
          "Può sembrare strano proporre un gruppo a chi ha paura del giudizio degli altri. Eppure la terapia di gruppo è uno degli approcci più indicati proprio per l'ansia sociale. Il gruppo è infatti una piccola società in miniatura, protetta e guidata da un terapeuta, in cui è possibile allenare esattamente ciò che fuori fa paura: prendere la parola, esprimere un'opinione, tollerare un silenzio, ricevere un commento.\n\nNel gruppo, inoltre, si scopre una cosa che da soli è difficile credere: gli altri partecipanti provano paure molto simili alle nostre. Sentire qualcuno raccontare lo stesso imbarazzo che viviamo noi riduce la vergogna e il senso di essere sbagliati. E i riscontri degli altri, spesso molto più gentili del nostro giudice interiore, aiutano a correggere l'immagine distorta che abbiamo di noi stessi.\n\nNessuno è obbligato a parlare fin dal primo incontro: ognuno ha i suoi tempi, e il terapeuta aiuta il gruppo a costruire un clima di fiducia in cui esporsi diventa, settimana dopo settimana, più naturale.",
      },
    ],
    internal_links: [
      { text: "Compila il questionario", url: "/questionario" },
      { text: "Ti sembra che gli altri abbiano capito tutto, tranne te?", url: "/problemi/gli-altri-capiscono" },
      { text: "Il nostro metodo", url: "/nostro-metodo" },
    ],
    external_links: [
      {
        text: "NIMH: Social Anxiety Disorder, more than just shyness",
        url: "https://www.nimh.nih.gov/health/publications/social-anxiety-disorder-more-than-just-shyness",
      },
      {
        text: "Organizzazione Mondiale della Sanità: i disturbi d'ansia",
        url: "https://www.who.int/news-room/fact-sheets/detail/anxiety-disorders",
      },
    ],
    conclusion:
      "L'ansia sociale non definisce chi sei e non è una condanna. È un modo in cui la mente ha imparato a proteggerti, che oggi però rischia di toglierti occasioni, legami e leggerezza. Riconoscerla è il primo passo; il secondo è smettere di affrontarla in solitudine. Un percorso di gruppo guidato da uno psicoterapeuta ti permette di sperimentare, con i tuoi tempi e in uno spazio riservato, che puoi esserci davvero anche davanti agli altri.",
    cta_text: defaultBlogCtaText,
    cta_link: defaultBlogCtaLink,
    image_credits: imageCredits,
    images_data: [
      {
        alt: "Illustrazione: un tavolino rotondo di un bar con una sola tazza di caffè, accanto a una grande finestra e a una sedia vuota",
        caption: "L'ansia sociale spesso si nasconde dietro una scelta che sembra semplice: restare in disparte.",
        position: 150,
      },
      {
        alt: "Illustrazione: una poltrona accanto a una lampada accesa e, sul tavolino, un portatile aperto su una videochiamata",
        caption: "Nel gruppo online si può iniziare ascoltando e prendere la parola quando ci si sente prontə.",
        position: 600,
      },
    ],
  },

  /* ---------------------------------------------------------------- */
  {
    title: "Solitudine a trent'anni: perché succede e come uscirne",
    subtitle: "Amici lontani, vite che cambiano, giornate piene ma vuote: la solitudine degli adulti di cui si parla poco",
    excerpt:
      "A trent'anni si dà per scontato di avere una rete solida, eppure molte persone si sentono sole come mai prima. Capire da dove nasce questa solitudine è il primo passo per ricostruire legami.",
    read_time: "4 min",
    published_date: "2025-06-10",
    slug: "solitudine-a-trent-anni",
    is_featured: false,
    is_published: true,
    meta_title: "Solitudine a trent'anni: perché succede e come uscirne",
    meta_description:
      "Ti senti solə anche se hai lavoro, amici e impegni? La solitudine a trent'anni è comune: scopri da dove nasce, i segnali da ascoltare e come ricostruire legami.",
    introduction:
      "Si parla spesso di solitudine pensando agli anziani o agli adolescenti. Molto meno si parla di chi ha trenta, trentacinque anni, un lavoro, magari una relazione, una vita apparentemente piena, e si sente comunque solo. Eppure è un'esperienza molto diffusa, tanto che l'Organizzazione Mondiale della Sanità ha istituito una commissione dedicata proprio alla connessione sociale, riconoscendo l'isolamento e la solitudine come una priorità di salute pubblica.\n\nSe a volte ti capita di scorrere la rubrica senza sapere a chi scrivere, o di tornare a casa dopo una giornata piena di persone sentendoti invisibile, questo articolo è per te. Non c'è niente di sbagliato in te: ci sono ragioni precise per cui la solitudine si fa sentire proprio in questa fase della vita.",
    main_sections: [
      {
        type: "h2",
        title: "Perché a trent'anni ci si può sentire più soli",
        content:
          "Tra i venti e i quarant'anni la vita cambia rapidamente e, con essa, la geografia delle nostre relazioni. Gli amici dell'università si trasferiscono in altre città o all'estero, chi ha figli ha sempre meno tempo, i colleghi restano spesso conoscenze superficiali. Le occasioni spontanee di incontro, che a scuola o all'università erano quotidiane, diventano rare e vanno organizzate con settimane di anticipo.\n\nA questo si aggiungono i cambiamenti personali: un trasferimento per lavoro, la fine di una relazione lunga, un periodo di lavoro da remoto. Ogni passaggio può assottigliare la rete sociale senza che ce ne accorgiamo subito. E c'è un ostacolo in più: l'idea che a una certa età si dovrebbe \"avere già\" una cerchia di amici stabile. Questa aspettativa rende più difficile ammettere di sentirsi soli, e ancora di più chiedere aiuto o cercare nuove persone.",
      },
      {
        type: "h2",
        title: "Solitudine non vuol dire stare da soli",
        content:
          "È importante distinguere tra isolamento e solitudine. L'isolamento è una condizione oggettiva: avere pochi contatti sociali. La solitudine è un'esperienza soggettiva: la distanza dolorosa tra i legami che abbiamo e quelli di cui sentiamo il bisogno. Per questo si può stare benissimo da soli in una domenica di pioggia e, al contrario, sentirsi profondamente soli in mezzo a una festa.\n\nSpesso ciò che manca non è la quantità di persone, ma la qualità dei legami: qualcuno con cui poter essere davvero se stessi, a cui raccontare le fatiche senza timore di essere di peso, da cui sentirsi visti. Quando questi rapporti mancano a lungo, la solitudine può pesare sull'umore, sul sonno e sulla salute in generale, e rendere ancora più faticoso cercare gli altri.",
      },
      {
        type: "h3",
        title: "I segnali da non trascurare",
        content:
          "Alcuni campanelli d'allarme meritano attenzione: la sensazione costante di non avere nessuno con cui parlare davvero, la tendenza a riempire ogni momento libero con lo schermo per non sentire il vuoto, il rimandare incontri e inviti per stanchezza o paura di annoiare gli altri. Anche l'irritabilità, la tristezza persistente o il pensiero di essere diversi da tutti possono essere legati a una solitudine che dura da tempo.\n\nSe ti riconosci in questi segnali, non è una colpa né un fallimento. È un'informazione preziosa: ti dice che hai bisogno di legami più nutrienti, e che vale la pena prendertene cura come faresti con qualsiasi altro aspetto della tua salute.",
      },
      {
        type: "h2",
        title: "Ricostruire legami, un passo alla volta",
        content:
          "Uscire dalla solitudine non significa riempire l'agenda di appuntamenti. Funzionano meglio i piccoli passi regolari: riprendere contatto con una persona a cui si vuole bene, frequentare con costanza un'attività condivisa, dire un sì in più quando arriva un invito. La ripetizione è importante, perché i legami crescono con la frequenza degli incontri più che con la loro intensità.\n\nA volte però la solitudine è accompagnata da paure e abitudini che rendono difficile avvicinarsi agli altri: il timore di non interessare, la difficoltà ad aprirsi, la tendenza a ritirarsi al primo segnale di distanza. In questi casi può essere utile un percorso psicologico. La terapia di gruppo offre un'opportunità particolare: un appuntamento settimanale con le stesse persone, in cui sperimentare cosa significa essere ascoltati e ascoltare. Per molti partecipanti il gruppo diventa il primo luogo in cui sentirsi di nuovo parte di qualcosa, e da lì ripartire anche fuori.\n\nNel gruppo, infatti, si possono osservare da vicino i movimenti che di solito ci allontanano dagli altri: il silenzio quando vorremmo dire qualcosa, la paura di disturbare, la convinzione che gli altri siano già al completo. Con la guida del terapeuta questi movimenti diventano visibili e, quindi, modificabili. E ciò che si sperimenta ogni settimana, come chiedere, raccontarsi, restare anche quando ci si sente a disagio, diventa un allenamento concreto da portare nelle relazioni di tutti i giorni.",
      },
    ],
    internal_links: [
      { text: "Ti senti solə, anche in mezzo agli altri?", url: "/problemi/sentirsi-soli" },
      { text: "Compila il questionario", url: "/questionario" },
      { text: "Come funzionano i prezzi", url: "/prezzi" },
    ],
    external_links: [
      {
        text: "OMS: Commission on Social Connection",
        url: "https://www.who.int/groups/commission-on-social-connection",
      },
    ],
    conclusion:
      "La solitudine a trent'anni è più comune di quanto si creda, ed è spesso il risultato di cambiamenti normali della vita adulta, non di un nostro difetto. Riconoscerla, nominarla e parlarne è già un modo per uscirne. Se senti che da solə fai fatica a ricostruire legami, un piccolo gruppo guidato da uno psicoterapeuta può essere il luogo giusto per ricominciare: ogni settimana, con persone che sanno di cosa stai parlando.",
    cta_text: defaultBlogCtaText,
    cta_link: defaultBlogCtaLink,
    image_credits: imageCredits,
    images_data: [
      {
        alt: "Illustrazione: un tavolo con un solo piatto sotto una lampada accesa, due sedie e la luna alla finestra",
        caption: "Spesso la solitudine si fa sentire la sera, quando gli impegni della giornata finiscono.",
        position: 320,
      },
    ],
  },

  /* ---------------------------------------------------------------- */
  {
    title: "Perché la terapia di gruppo funziona",
    subtitle: "Cosa succede quando persone diverse si incontrano, ogni settimana, con la guida di uno psicoterapeuta",
    excerpt:
      'La terapia di gruppo non è una versione "ridotta" di quella individuale: la ricerca mostra che è efficace quanto quella individuale per molte difficoltà. Ecco perché, e cosa aspettarsi.',
    read_time: "4 min",
    published_date: "2025-09-23",
    slug: "perche-la-terapia-di-gruppo-funziona",
    is_featured: true,
    is_published: true,
    meta_title: "Perché la terapia di gruppo funziona: cosa dice la ricerca",
    meta_description:
      "La terapia di gruppo è efficace quanto quella individuale per ansia e depressione. Scopri i fattori che la rendono utile e cosa aspettarti dalle prime sedute.",
    introduction:
      'Quando si pensa alla psicoterapia, l\'immagine più comune è quella di due persone sedute una di fronte all\'altra. La terapia di gruppo è meno conosciuta e, a volte, guardata con un po\' di diffidenza: "Come posso parlare dei fatti miei davanti a sconosciuti?", "Non avrò abbastanza spazio per me?". Sono dubbi comprensibili.\n\nEppure la psicoterapia di gruppo è un approccio clinico con una lunga storia e una solida base scientifica. Non è una versione economica o di ripiego della terapia individuale: è uno strumento diverso, con punti di forza propri, che per molte persone si rivela particolarmente adatto. In questo articolo vediamo perché funziona e cosa succede, concretamente, quando si entra in un gruppo.',
    main_sections: [
      {
        type: "h2",
        title: "I fattori terapeutici del gruppo",
        content:
          "Lo psichiatra statunitense Irvin Yalom, uno dei padri della psicoterapia di gruppo, ha descritto una serie di fattori terapeutici che rendono il gruppo uno strumento di cambiamento. Il primo è l'universalità: scoprire che altre persone provano emozioni, paure e pensieri simili ai nostri. Sembra poco, ma per chi si è sempre sentito sbagliato o diverso è spesso un sollievo enorme.\n\nC'è poi l'infusione di speranza: vedere altri partecipanti che stanno meglio, che fanno passi avanti, rende il cambiamento più concreto e possibile. L'altruismo è un altro fattore prezioso: nel gruppo non si riceve soltanto aiuto, lo si offre. Scoprire che la propria esperienza può essere utile a qualcun altro rafforza l'autostima in un modo che difficilmente accade altrove.\n\nInfine c'è l'apprendimento interpersonale. Nel gruppo tendiamo a comportarci come nella vita di tutti i giorni: il gruppo diventa così uno specchio in cui osservare, con la guida del terapeuta, i nostri modi abituali di entrare in relazione, e sperimentarne di nuovi in un ambiente sicuro.",
      },
      {
        type: "h2",
        title: "Cosa dice la ricerca",
        content:
          "Negli ultimi decenni numerosi studi hanno confrontato la terapia di gruppo con quella individuale. Le meta-analisi più ampie, che mettono insieme i risultati di decine di ricerche, indicano che i due formati ottengono risultati sostanzialmente equivalenti per molte difficoltà, tra cui ansia e depressione, con tassi simili di miglioramento e di abbandono.\n\nA parità di efficacia, il gruppo ha anche il vantaggio di essere più accessibile: un terapeuta può seguire più persone nello stesso momento, e questo rende il percorso sostenibile anche dal punto di vista economico. Non è un dettaglio: i costi sono spesso uno dei principali ostacoli che impediscono di iniziare una terapia o di portarla avanti con continuità.\n\nNegli ultimi anni si è diffusa anche la terapia di gruppo online, che mantiene gli elementi essenziali del lavoro in presenza: un gruppo stabile, un terapeuta che lo conduce, un orario fisso e regole condivise di riservatezza. Collegarsi da casa riduce i tempi di spostamento e permette di partecipare anche a chi vive lontano dai grandi centri o ha orari di lavoro complicati. Perché funzioni servono però alcune attenzioni: un luogo tranquillo e riservato, la videocamera accesa per potersi vedere in volto e l'impegno di tutti a non registrare gli incontri.",
      },
      {
        type: "h3",
        title: "Gruppo e terapia individuale: alleate, non rivali",
        content:
          "Scegliere il gruppo non significa rinunciare alla terapia individuale. I due percorsi possono convivere e arricchirsi a vicenda: nella seduta individuale si approfondisce la propria storia, nel gruppo si mette alla prova nella relazione con gli altri ciò che si sta comprendendo. Se sei già in terapia individuale, è utile parlarne con il tuo terapeuta prima di iniziare un gruppo, così da costruire un percorso coerente.\n\nCi sono anche situazioni in cui il gruppo non è lo strumento più adatto, almeno in un primo momento, per esempio nelle fasi acute di crisi. Per questo il colloquio conoscitivo iniziale è importante: serve a capire insieme se il gruppo è la strada giusta per te in questo momento.",
      },
      {
        type: "h2",
        title: "Cosa aspettarsi dalle prime sedute",
        content: `Nei gruppi di ${site.brand} le sedute sono settimanali, durano ${group.sessionMinutes} minuti e coinvolgono ${group.minPeople}-${group.totalSpots} persone con età e tematiche simili, sempre con lo stesso terapeuta. Le prime sedute servono a conoscersi e a stabilire le regole che rendono il gruppo un luogo sicuro: la riservatezza reciproca, la videocamera accesa, il rispetto dei tempi di ciascuno.\n\nÈ normale sentirsi un po' a disagio all'inizio. Nessuno è obbligato a raccontare tutto subito: si può cominciare ascoltando, e intervenire quando ci si sente pronti. Con il passare delle settimane il gruppo acquista fiducia e il lavoro diventa più profondo. In genere i benefici più significativi si notano dopo ${group.benefitsAfterWeeks} settimane di partecipazione costante, ma molte persone raccontano di aver provato sollievo già dai primi incontri, semplicemente sentendosi meno sole.`,
      },
    ],
    internal_links: [
      { text: "Il nostro metodo", url: "/nostro-metodo" },
      { text: "Conosci i nostri terapeuti", url: "/terapeuti" },
      { text: "Compila il questionario", url: "/questionario" },
    ],
    external_links: [
      {
        text: "APA Monitor: Group therapy is as effective as individual therapy, and more efficient",
        url: "https://www.apa.org/monitor/2023/03/continuing-education-group-therapy",
      },
      {
        text: "American Group Psychotherapy Association",
        url: "https://www.agpa.org",
      },
    ],
    conclusion:
      "La terapia di gruppo funziona perché mette al centro ciò di cui spesso abbiamo più bisogno: sentirci capiti, scoprire di non essere soli, imparare dagli altri e offrire a nostra volta qualcosa. Non è una scorciatoia né un ripiego, ma un percorso con una propria forza, sostenuto dalla ricerca e guidato da professionisti. Se sei curioso o curiosa di capire se può fare per te, il primo passo è semplice: raccontaci qualcosa di te.",
    cta_text: defaultBlogCtaText,
    cta_link: defaultBlogCtaLink,
    image_credits: imageCredits,
    images_data: [
      {
        alt: "Illustrazione: lo schermo di un portatile con una videochiamata di gruppo in otto riquadri, ciascuno con una figura stilizzata",
        caption: "Un piccolo gruppo stabile, ogni settimana, con lo stesso terapeuta.",
        position: 200,
      },
      {
        alt: "Illustrazione: un quaderno aperto con appunti e una penna accanto a una tazza di tè, su una scrivania di legno vista dall'alto",
        caption: "Le prime sedute servono a conoscersi e a costruire fiducia, con i propri tempi.",
        position: 700,
      },
    ],
  },

  /* ---------------------------------------------------------------- */
  {
    title: 'Ansia per il futuro: come smettere di vivere nel "e se...?"',
    subtitle: "Quando l'incertezza ci ruba il presente, e cosa possiamo fare per riprendercelo",
    excerpt:
      "Lavoro, casa, relazioni, il mondo intero: i motivi per preoccuparsi del futuro non mancano. Ma quando i pensieri diventano un loop continuo, è il presente a pagarne il prezzo.",
    read_time: "4 min",
    published_date: "2026-01-27",
    slug: "ansia-per-il-futuro",
    is_featured: false,
    is_published: true,
    meta_title: 'Ansia per il futuro: come uscire dal circolo del "e se...?"',
    meta_description:
      "L'ansia per il futuro ti toglie il sonno e la serenità? Scopri da dove nasce il rimuginio, tre esercizi per tornare al presente e quando è utile chiedere aiuto.",
    introduction:
      '"E se perdo il lavoro?", "E se non riesco mai a comprare casa?", "E se tra dieci anni mi ritrovo esattamente dove sono adesso?". Sono domande che molte persone tra i venticinque e i quarant\'anni si pongono, spesso la sera, quando la giornata si ferma e i pensieri prendono il sopravvento.\n\nPreoccuparsi del futuro è del tutto naturale: è il modo in cui la mente cerca di prepararci agli imprevisti. Il problema nasce quando la preoccupazione diventa costante, quando ogni scenario si tinge di catastrofe e il futuro smette di essere uno spazio di possibilità per diventare una minaccia. In questo articolo proviamo a capire cosa alimenta l\'ansia per il futuro e come iniziare a ridurne la presa.',
    main_sections: [
      {
        type: "h2",
        title: "Da dove nasce l'ansia per il futuro",
        content:
          "L'ansia per il futuro ha radici personali e collettive. Da una parte ci sono la nostra storia, il nostro temperamento, il modo in cui abbiamo imparato a gestire l'incertezza. Dall'altra c'è un contesto che non aiuta: contratti precari, costi della vita in crescita, notizie allarmanti che arrivano ogni giorno sullo smartphone. Molte delle tappe che per le generazioni precedenti erano relativamente prevedibili, come un lavoro stabile o una casa di proprietà, oggi appaiono incerte o lontane.\n\nIn questo scenario è comprensibile sentirsi in allarme. Ma l'ansia tende a farci sovrastimare la probabilità che le cose vadano male e a sottostimare la nostra capacità di affrontarle. È su questo squilibrio che si può lavorare.\n\nC'è anche un altro elemento, meno evidente: il confronto con un'idea di futuro \"giusto\", fatta di tappe da raggiungere entro una certa età. Quando la nostra vita non segue quel calendario, l'incertezza si carica di un senso di colpa o di fallimento. Spesso, lavorando su queste aspettative, l'ansia per il futuro si ridimensiona: non perché il domani diventi più prevedibile, ma perché smettiamo di misurarlo con un metro che non abbiamo scelto noi.",
      },
      {
        type: "h2",
        title: "Il rimuginio: quando pensare non aiuta",
        content:
          'Il rimuginio è il meccanismo centrale dell\'ansia per il futuro: una catena di pensieri ripetitivi che girano attorno agli stessi scenari, senza arrivare a una soluzione. Dà l\'illusione di essere utile, come se pensarci abbastanza potesse proteggerci dagli imprevisti, ma in realtà consuma energie, disturba il sonno e rende più difficile prendere decisioni concrete.\n\nUna distinzione utile è quella tra problemi risolvibili e preoccupazioni ipotetiche. "Devo aggiornare il curriculum perché il mio contratto scade a giugno" è un problema su cui si può agire. "E se tra cinque anni il mio settore non esistesse più?" è una preoccupazione ipotetica su cui oggi non abbiamo controllo. Imparare a riconoscere la differenza permette di dedicare energie al primo tipo e di lasciare andare, almeno un po\', il secondo.',
      },
      {
        type: "h3",
        title: "Tre esercizi per tornare al presente",
        content:
          "Il primo esercizio è il tempo della preoccupazione: scegli quindici minuti al giorno, sempre alla stessa ora, da dedicare ai pensieri sul futuro. Quando una preoccupazione arriva in altri momenti, annotala e rimandala a quell'appuntamento. Molte persone scoprono che, arrivato il momento, diverse preoccupazioni hanno perso forza.\n\nIl secondo è la domanda del passo successivo: davanti a un pensiero che ti agita, chiediti qual è la più piccola azione concreta che puoi fare oggi. Se non ce n'è nessuna, probabilmente si tratta di una preoccupazione ipotetica.\n\nIl terzo è un ancoraggio al corpo: per un paio di minuti porta l'attenzione al respiro, ai piedi appoggiati a terra, ai suoni della stanza. Non serve a eliminare l'ansia, ma a ricordare alla mente che, in questo momento, sei qui e sei al sicuro.",
      },
      {
        type: "h2",
        title: "Quando chiedere aiuto",
        content:
          "Se l'ansia per il futuro ti accompagna per gran parte della giornata, ti impedisce di dormire, di concentrarti o di goderti i momenti piacevoli, è il momento di parlarne con un professionista. Non serve aspettare di stare molto male: prima si interviene, più è semplice ritrovare un equilibrio.\n\nLa terapia di gruppo è particolarmente utile per questo tipo di difficoltà. Condividere le proprie preoccupazioni con altre persone che le conoscono bene le rende più leggere; ascoltare come gli altri affrontano l'incertezza offre strategie nuove; e il terapeuta aiuta il gruppo a riconoscere i pensieri che alimentano l'ansia e a sperimentare risposte diverse. Soprattutto, il gruppo ricorda ogni settimana una cosa che l'ansia tende a farci dimenticare: non dobbiamo affrontare il futuro da soli.\n\nSe invece l'ansia diventa improvvisamente molto intensa, con attacchi di panico frequenti o pensieri di farti del male, non aspettare: rivolgiti subito al tuo medico, a un servizio di salute mentale o, in caso di emergenza, al 112.",
      },
    ],
    internal_links: [
      { text: "Il futuro ti mette ansia?", url: "/problemi/ansia-futuro" },
      { text: "Le preoccupazioni non ti danno tregua?", url: "/problemi/preoccupazioni-vita" },
      { text: "Compila il questionario", url: "/questionario" },
    ],
    external_links: [
      {
        text: "Organizzazione Mondiale della Sanità: i disturbi d'ansia",
        url: "https://www.who.int/news-room/fact-sheets/detail/anxiety-disorders",
      },
      {
        text: "American Psychological Association: Anxiety",
        url: "https://www.apa.org/topics/anxiety",
      },
    ],
    conclusion:
      "Non possiamo controllare il futuro, ma possiamo cambiare il modo in cui lo guardiamo e la quantità di spazio che gli concediamo nel presente. Distinguere i problemi dalle preoccupazioni ipotetiche, dare un confine al rimuginio e tornare al corpo sono piccoli strumenti che, con la pratica, fanno la differenza. E se senti che da solə non basta, un gruppo guidato da uno psicoterapeuta può aiutarti a ritrovare fiducia, insieme a persone che stanno facendo la stessa strada.",
    cta_text: defaultBlogCtaText,
    cta_link: defaultBlogCtaLink,
    image_credits: imageCredits,
    images_data: [
      {
        alt: "Illustrazione: una sveglia e un'agenda chiusa con una matita su una scrivania, accanto a una finestra con la luce del mattino",
        caption: "Dare un confine alle preoccupazioni aiuta a restituire spazio al presente.",
        position: 450,
      },
    ],
  },

  /* ---------------------------------------------------------------- */
  {
    title: "Il confronto sui social: come smettere di misurarsi con le vite degli altri",
    subtitle: "Perché scorrere il feed ci fa sentire inadeguati, e come ritrovare il valore della nostra storia",
    excerpt:
      "Promozioni, viaggi, matrimoni, case ristrutturate: sui social sembra che tutti stiano vivendo la vita migliore. Capire il meccanismo del confronto aiuta a difendere la propria autostima.",
    read_time: "4 min",
    published_date: "2026-05-12",
    slug: "confronto-sui-social",
    is_featured: false,
    is_published: true,
    meta_title: "Confronto sui social: smettere di misurarsi con gli altri",
    meta_description:
      "Scorrere i social ti fa sentire in ritardo o inadeguatə? Scopri perché ci confrontiamo, come i social amplificano il confronto e come ritrovare l'autostima.",
    introduction:
      "Sono le undici di sera, dovresti dormire, e invece stai scorrendo il profilo di un ex compagno di università che ha appena aperto la sua attività. Poi arrivano le foto del matrimonio di un'amica, il viaggio in Giappone di una collega, la casa nuova di qualcuno che non senti da anni. Chiudi l'app con una sensazione sottile e familiare: tutti stanno andando avanti, tranne te.\n\nSe ti succede, sei in ottima compagnia. Il confronto con gli altri è un meccanismo profondamente umano, ma i social lo hanno reso continuo, istantaneo e, spesso, impietoso. Capire come funziona è il primo passo per smettere di subirlo.",
    main_sections: [
      {
        type: "h2",
        title: "Perché ci confrontiamo con gli altri",
        content:
          "Già negli anni Cinquanta lo psicologo Leon Festinger descriveva il confronto sociale come una tendenza naturale: per capire quanto valiamo, quanto siamo capaci o a che punto siamo della nostra vita, guardiamo alle persone che ci circondano. In sé non è un male: il confronto può ispirarci, darci obiettivi, farci sentire parte di una comunità.\n\nIl problema nasce quando il confronto diventa soprattutto verso l'alto, cioè con chi ci sembra più realizzato, più bello, più felice, e quando diventa il metro principale per giudicare noi stessi. In questi casi non ci ispira più: ci fa sentire costantemente mancanti, in difetto, in ritardo.\n\nSpesso, inoltre, confrontiamo cose che non sono confrontabili: il nostro percorso complessivo, con tutte le sue deviazioni, con un singolo traguardo di qualcun altro. Oppure misuriamo la nostra vita con un criterio che nemmeno condividiamo davvero, come il numero di viaggi o lo stipendio, dimenticando ciò che per noi conta di più. Ogni confronto, in fondo, contiene una domanda implicita su cosa desideriamo: prestarle attenzione può dirci molto su noi stessi.",
      },
      {
        type: "h2",
        title: "Il confronto al tempo dei social",
        content:
          "Prima dei social ci confrontavamo con una cerchia limitata di persone, di cui conoscevamo anche le difficoltà. Oggi ci confrontiamo ogni giorno con centinaia di vite, di cui vediamo quasi solo i momenti migliori, scelti, inquadrati e spesso ritoccati. È un confronto impari: mettiamo il nostro dietro le quinte, con la stanchezza, i dubbi e le giornate storte, accanto alla vetrina degli altri.\n\nA questo si aggiunge il ritmo: il feed non finisce mai, e gli algoritmi tendono a mostrarci i contenuti che catturano di più la nostra attenzione, anche quando ci fanno stare peggio. Non sorprende che molte persone raccontino di sentirsi più tristi, ansiose o inadeguate dopo aver passato del tempo a scorrere, soprattutto nei momenti di stanchezza o di solitudine.",
      },
      {
        type: "h3",
        title: "Piccoli esperimenti per un uso più consapevole",
        content:
          "Non serve cancellare tutti i profili per stare meglio. Si può iniziare con qualche esperimento. Il primo è osservare: per una settimana, dopo aver usato i social, chiediti come ti senti e annotalo. Scoprirai probabilmente che alcuni momenti della giornata o alcuni profili ti fanno stare peggio di altri.\n\nIl secondo è curare il feed: smetti di seguire o silenzia gli account che attivano sistematicamente il confronto, e dai più spazio a contenuti che ti nutrono davvero. Il terzo è proteggere i momenti fragili, come la sera tardi o il risveglio, lasciando il telefono lontano dal letto. Infine, ogni volta che ti accorgi di un confronto doloroso, prova a ricordare che stai guardando una selezione, non una vita intera.",
      },
      {
        type: "h2",
        title: "Dal confronto alla connessione",
        content:
          "L'antidoto più efficace al confronto non è l'isolamento, ma la connessione autentica. Quando ascoltiamo persone reali raccontare le proprie fatiche, le vite degli altri smettono di sembrare perfette e la nostra smette di sembrare sbagliata. È uno dei motivi per cui la terapia di gruppo è così utile per chi soffre il confronto sociale.\n\nNel gruppo si scopre che dietro ogni vetrina ci sono dubbi, paure e tentativi, esattamente come nella nostra vita. Con la guida del terapeuta si può esplorare perché certi confronti ci feriscono più di altri, quali bisogni si nascondono dietro lo scorrere compulsivo e quali valori vogliamo davvero seguire. Poco alla volta, il metro di giudizio torna nelle nostre mani.\n\nFuori dal gruppo, la stessa logica vale per le amicizie: coltivare qualche relazione in cui si possa parlare anche di ciò che non va, senza filtri, protegge dal confronto più di qualsiasi regola sull'uso dello smartphone. Quando sappiamo che anche le persone a cui vogliamo bene attraversano momenti di fatica, le immagini perfette che scorrono sullo schermo perdono buona parte del loro potere.",
      },
    ],
    internal_links: [
      { text: "Ti confronti continuamente con le vite sui social?", url: "/problemi/confronto-social" },
      { text: "Ti senti in ritardo rispetto agli altri?", url: "/problemi/in-ritardo" },
      { text: "Compila il questionario", url: "/questionario" },
    ],
    external_links: [
      {
        text: "APA Dictionary of Psychology: social comparison theory",
        url: "https://dictionary.apa.org/social-comparison-theory",
      },
      {
        text: "American Psychological Association: Social media and the internet",
        url: "https://www.apa.org/topics/social-media-internet",
      },
    ],
    conclusion:
      "Confrontarsi è umano, ma non siamo obbligati a lasciare che un feed decida quanto valiamo. Rendersi conto del meccanismo, fare piccoli esperimenti sull'uso dei social e, soprattutto, coltivare relazioni in cui mostrarsi per come si è sono passi concreti per ritrovare serenità. Se il confronto con gli altri ti pesa da tempo, un gruppo guidato da uno psicoterapeuta può offrirti ciò che i social non danno: persone vere, storie vere, e lo spazio per dare valore alla tua.",
    cta_text: defaultBlogCtaText,
    cta_link: defaultBlogCtaLink,
    image_credits: imageCredits,
    images_data: [
      {
        alt: "Illustrazione: uno smartphone acceso su un comodino in una camera buia, con la luna alla finestra",
        caption: "La sera tardi è uno dei momenti in cui il confronto sui social pesa di più.",
        position: 120,
      },
      {
        alt: "Illustrazione: una panchina in un parco con due bicchieri da asporto appoggiati sopra",
        caption: "L'antidoto al confronto è la connessione con persone reali.",
        position: 650,
      },
    ],
  },
];
