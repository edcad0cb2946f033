import { COOKIE_CONSENT_KEY, group, legalVersions, prices, replyTimesHours, retention, site } from "./site";
import { euro } from "./format";
import type { LegalDocument } from "./types";

/** The company running the service (placeholder address). */
export const legalEntity = {
  name: `${site.brand} Terapia S.r.l.`,
  address: "Via Esempio 1, 20100 Milano",
  contactEmail: site.contactEmail,
  privacyEmail: site.privacyEmail,
} as const;

const brand = site.brand;
const company = legalEntity.name;

/* ------------------------------------------------------------------ */
/* Termini e condizioni (/termini)                                     */
/* ------------------------------------------------------------------ */

export const termsDocument: LegalDocument = {
  title: "Termini e condizioni del servizio",
  updated: legalVersions.terms.updated,
  version: legalVersions.terms.version,
  intro: `I presenti Termini e condizioni regolano l'utilizzo del sito ${site.url} e dei servizi di terapia di gruppo online offerti con il marchio ${brand}. Ti chiediamo di leggerli con attenzione: compilando il questionario, prenotando un colloquio o partecipando a una seduta dichiari di averli letti e accettati.`,
  sections: [
    {
      heading: "1. Chi siamo",
      paragraphs: [
        `Il servizio ${brand} è gestito da ${company}, con sede in ${legalEntity.address} (di seguito "${brand}" o "noi"). Per qualsiasi comunicazione puoi scriverci all'indirizzo ${legalEntity.contactEmail}.`,
        `${brand} mette a disposizione la piattaforma, l'organizzazione dei gruppi e il supporto agli utenti. Le prestazioni psicologiche sono svolte da psicologi e psicoterapeuti abilitati e iscritti all'Albo, che operano in piena autonomia professionale e nel rispetto del Codice deontologico degli psicologi italiani.`,
      ],
    },
    {
      heading: "2. Il servizio",
      paragraphs: [
        `${brand} offre percorsi di psicoterapia di gruppo online. I gruppi sono composti da ${group.minPeople}-${group.totalSpots} partecipanti (al massimo ${group.totalSpots}) e si incontrano una volta a settimana, per ${group.sessionMinutes} minuti, su una piattaforma di videochiamata sicura accessibile da computer, tablet o smartphone.`,
        "Il percorso prevede:",
      ],
      items: [
        "la compilazione di un questionario iniziale;",
        "un colloquio conoscitivo individuale gratuito, per conoscerti e spiegarti il percorso;",
        "l'abbinamento a un gruppo sulla base dei tuoi bisogni, dell'età, delle tematiche e della disponibilità;",
        "la partecipazione alle sedute settimanali di gruppo, pagate seduta per seduta.",
      ],
    },
    {
      heading: "3. A chi è rivolto e limiti del servizio",
      paragraphs: [
        "Il servizio è rivolto a persone maggiorenni. La terapia di gruppo online non è un servizio di emergenza e non sostituisce l'intervento dei servizi sanitari in situazioni di crisi o di rischio per la propria o altrui incolumità.",
        "In caso di emergenza chiama il 112 o rivolgiti al pronto soccorso più vicino. Durante il colloquio conoscitivo il professionista può valutare che un percorso di gruppo non sia indicato per te in quel momento e suggerirti un'alternativa più adatta.",
      ],
    },
    {
      heading: "4. Accesso e dati forniti",
      paragraphs: [
        "Ti impegni a fornire informazioni veritiere, complete e aggiornate, in particolare nel questionario, nel modulo di conferma dell'iscrizione e durante il colloquio conoscitivo. Informazioni corrette sono necessarie per abbinarti al gruppo più adatto e per tutelare la tua salute.",
        "Prima della prima seduta ti chiediamo di accettare l'Accordo di servizio, i presenti Termini e l'Informativa privacy e di autorizzare il contatto da parte nostra. Questi documenti ti vengono inviati anche via e-mail in formato PDF.",
        "Il trattamento dei tuoi dati personali, compresi i dati relativi alla salute, è descritto nell'Informativa privacy disponibile alla pagina /privacy.",
      ],
    },
    {
      heading: "5. Prezzi",
      paragraphs: [
        `Il colloquio conoscitivo iniziale è gratuito. La prima seduta di gruppo costa ${euro(prices.firstSession)}, una tantum e senza impegno a proseguire. Le sedute successive costano ${euro(prices.followingSession)} ciascuna, con cadenza settimanale e senza alcun abbonamento vincolante.`,
        `Il prezzo della seduta standard di ${euro(prices.followingSession)} si compone di ${euro(prices.standardSplit.platform)} per l'utilizzo della piattaforma e i servizi di ${brand} e di ${euro(prices.standardSplit.therapist)} per la prestazione professionale del terapeuta.`,
        `È prevista una tariffa agevolata di ${euro(prices.reducedRate)} a seduta (${euro(prices.reducedSplit.platform)} per la piattaforma e ${euro(prices.reducedSplit.therapist)} per il terapeuta) per chi presenta un'attestazione ISEE in corso di validità inferiore a ${euro(prices.iseeThreshold)} annui. La tariffa agevolata si applica dalla prima seduta successiva alla ricezione dell'attestazione.`,
      ],
    },
    {
      heading: "6. Pagamento",
      paragraphs: [
        "Ogni seduta si paga singolarmente, con i metodi di pagamento indicati al momento della prenotazione. Il pagamento deve essere effettuato non oltre 48 ore prima dell'inizio della seduta: in mancanza di pagamento entro questo termine, il posto nel gruppo per quella seduta può non essere garantito.",
        "Per la quota relativa alla prestazione professionale ricevi il documento fiscale previsto dalla normativa vigente.",
      ],
    },
    {
      heading: "7. Cancellazioni e sedute perse",
      paragraphs: [
        "Puoi cancellare la tua partecipazione a una seduta gratuitamente fino a 48 ore prima del suo inizio, scrivendoci o avvisando il tuo terapeuta. Le sedute perse e comunicate con anticipo non vengono addebitate; se la seduta era già stata pagata, l'importo viene utilizzato per la seduta successiva o rimborsato su tua richiesta.",
        "Le cancellazioni successive al termine indicato e le assenze non comunicate sono regolate dall'Accordo di servizio.",
        `Se una seduta non può svolgersi per cause imputabili a ${brand} o al terapeuta, ti viene proposta una data alternativa oppure la seduta non viene addebitata.`,
      ],
    },
    {
      heading: "8. Cambio di gruppo e rimborsi",
      paragraphs: [
        "Se senti che il gruppo in cui sei inseritə non è adatto a te, puoi chiedere in qualsiasi momento di essere spostatə in un altro gruppo, compatibilmente con i posti disponibili.",
        "Se il percorso di gruppo non fa per te, le sedute già pagate e non ancora svolte ti vengono rimborsate, con lo stesso metodo di pagamento utilizzato, entro 14 giorni dalla richiesta.",
      ],
    },
    {
      heading: "9. Regole di partecipazione",
      paragraphs: [
        "In caso di violazione grave delle regole elencate di seguito, in particolare della riservatezza o del divieto di registrazione, il terapeuta può sospendere o escludere il partecipante dal gruppo, a tutela degli altri membri; le sedute già pagate e non svolte vengono in questo caso rimborsate.",
        "Per tutelare il gruppo e ogni partecipante, ti impegni a:",
      ],
      items: [
        "rispettare l'accordo di riservatezza reciproca: ciò che viene condiviso nel gruppo resta nel gruppo;",
        "tenere la videocamera accesa durante le sedute e collegarti da un luogo tranquillo e riservato;",
        "non registrare, fotografare o trasmettere in alcun modo le sedute, in audio o in video;",
        "trattare gli altri partecipanti e il terapeuta con rispetto, senza comportamenti offensivi o discriminatori;",
        "non partecipare alle sedute sotto l'effetto di alcol o sostanze.",
      ],
    },
    {
      heading: "10. Interruzione del percorso",
      paragraphs: [
        "Puoi interrompere il percorso in qualsiasi momento, senza penali, comunicandolo al terapeuta o scrivendoci. Ti invitiamo, se possibile, a parlarne prima nel gruppo: anche la conclusione è una parte importante del percorso.",
        "Restano salvi i diritti riconosciuti ai consumatori dal Codice del Consumo (D.Lgs. 206/2005).",
      ],
    },
    {
      heading: "11. Responsabilità",
      paragraphs: [
        `${brand} si impegna a garantire la continuità e la sicurezza della piattaforma, ma non può essere ritenuta responsabile di interruzioni dovute alla tua connessione, ai tuoi dispositivi o a cause di forza maggiore. Le scelte cliniche sono di esclusiva competenza del terapeuta, che ne risponde secondo le norme della professione.`,
        "La terapia psicologica è un percorso il cui esito dipende da molti fattori: non è possibile garantire un risultato specifico entro un tempo determinato.",
      ],
    },
    {
      heading: "12. Proprietà intellettuale",
      paragraphs: [
        `Testi, immagini, video, marchi e materiali presenti sul sito sono di proprietà di ${company} o dei rispettivi titolari e non possono essere riprodotti senza autorizzazione scritta.`,
      ],
    },
    {
      heading: "13. Modifiche, legge applicabile e contatti",
      paragraphs: [
        "Possiamo aggiornare questi Termini per adeguarli a modifiche del servizio o della normativa. La data dell'ultimo aggiornamento è indicata in alto; le modifiche rilevanti ti vengono comunicate via e-mail e non si applicano alle sedute già pagate.",
        `I presenti Termini sono regolati dalla legge italiana. Per le controversie con i consumatori è competente il foro del luogo di residenza o domicilio del consumatore. Per domande puoi scriverci a ${legalEntity.contactEmail}: rispondiamo di norma entro ${replyTimesHours.general} ore.`,
      ],
    },
  ],
};

/* ------------------------------------------------------------------ */
/* Informativa privacy (/privacy)                                      */
/* ------------------------------------------------------------------ */

export const privacyDocument: LegalDocument = {
  title: "Informativa sul trattamento dei dati personali",
  updated: legalVersions.privacy.updated,
  version: legalVersions.privacy.version,
  intro: `La tua riservatezza è al centro del nostro lavoro. Questa informativa, redatta ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 ("GDPR") e del D.Lgs. 196/2003, spiega quali dati raccogliamo tramite il sito e il servizio ${brand}, perché li raccogliamo, come li proteggiamo e quali sono i tuoi diritti.`,
  sections: [
    {
      heading: "1. Titolare del trattamento",
      paragraphs: [
        `Il titolare del trattamento è ${company}, con sede in ${legalEntity.address}. Per qualsiasi questione relativa ai tuoi dati personali puoi scrivere a ${legalEntity.privacyEmail}.`,
        "I terapeuti che conducono i gruppi trattano i dati clinici dei partecipanti nel rispetto del segreto professionale e del Codice deontologico degli psicologi italiani.",
      ],
    },
    {
      heading: "2. Quali dati raccogliamo con ciascun modulo",
      paragraphs: ["Raccogliamo solo i dati necessari alle finalità indicate. In particolare:"],
      items: [
        "Questionario: nome, fascia d'età, genere, città, indirizzo e-mail, situazioni che stai vivendo, frequenza delle difficoltà, strategie adottate, livello di energia, ambito in cui ti senti bloccatə, una breve descrizione libera della tua situazione, obiettivi, eventuali terapie precedenti, preferenze sul gruppo e sugli orari, come ci hai conosciuto e la scelta sulla newsletter. Alcune di queste informazioni sono dati relativi alla salute.",
        "Richiesta di chiamata: numero di telefono e gruppo o terapeuta scelto, collegati al tuo questionario.",
        "Modulo di contatto: nome, indirizzo e-mail, oggetto e testo del messaggio.",
        "Newsletter: indirizzo e-mail. L'iscrizione avviene con doppia conferma (double opt-in): ti inviamo un'e-mail e l'iscrizione diventa attiva solo dopo che hai cliccato sul link di conferma.",
        "Conferma dell'iscrizione: nome, cognome, data di nascita, indirizzo e-mail, accettazione dell'Accordo di servizio, dei Termini e dell'Informativa privacy, autorizzazione al contatto, eventuale consenso alla newsletter e data e ora dell'invio.",
        "Dati tecnici di navigazione: indirizzo IP, tipo di browser e pagine visitate, raccolti in forma tecnica per il funzionamento e la sicurezza del sito.",
      ],
    },
    {
      heading: "3. Finalità del trattamento",
      paragraphs: ["Trattiamo i tuoi dati per:"],
      items: [
        "valutare la tua richiesta e abbinarti al gruppo più adatto;",
        "ricontattarti per il colloquio conoscitivo gratuito e organizzare le sedute;",
        "erogare il servizio di terapia di gruppo, gestire pagamenti, cancellazioni e rimborsi;",
        "rispondere ai messaggi inviati tramite il modulo di contatto;",
        "inviarti la newsletter, se l'hai richiesta;",
        "adempiere agli obblighi di legge, anche fiscali;",
        "garantire la sicurezza del sito e prevenire abusi.",
      ],
    },
    {
      heading: "4. Basi giuridiche",
      paragraphs: ["Il trattamento si fonda sulle seguenti basi giuridiche:"],
      items: [
        "esecuzione di misure precontrattuali e del contratto (art. 6, par. 1, lett. b GDPR), per l'abbinamento al gruppo, il colloquio e l'erogazione del servizio;",
        "consenso esplicito (art. 9, par. 2, lett. a GDPR) per i dati relativi alla salute forniti nel questionario e durante il percorso, che esprimi spuntando l'apposita casella prima di iniziare;",
        "consenso (art. 6, par. 1, lett. a GDPR) per la newsletter e per i cookie analitici e di marketing;",
        "obbligo di legge (art. 6, par. 1, lett. c GDPR), ad esempio per la conservazione dei documenti fiscali;",
        "legittimo interesse del titolare (art. 6, par. 1, lett. f GDPR) per la sicurezza del sito e la tutela dei propri diritti.",
      ],
    },
    {
      heading: "5. Natura del conferimento e revoca del consenso",
      paragraphs: [
        "Il conferimento dei dati del questionario e del modulo di iscrizione è necessario per offrirti il servizio: senza di essi non possiamo abbinarti a un gruppo. Il consenso alla newsletter e ai cookie non necessari è facoltativo.",
        "Puoi revocare il consenso in qualsiasi momento, senza pregiudicare la liceità del trattamento svolto prima della revoca. Per la newsletter basta cliccare sul link di disiscrizione presente in ogni e-mail.",
      ],
    },
    {
      heading: "6. Come proteggiamo i tuoi dati",
      paragraphs: ["Adottiamo misure tecniche e organizzative adeguate alla delicatezza dei dati che ci affidi:"],
      items: [
        "i dati relativi alla salute sono cifrati quando vengono archiviati (cifratura a riposo);",
        "le comunicazioni tra il tuo dispositivo e il sito avvengono su connessione cifrata (HTTPS);",
        "solo il personale autorizzato e i terapeuti coinvolti nel tuo percorso possono accedere ai dati, nella misura necessaria al loro compito;",
        "ogni accesso ai dati da parte del personale autorizzato viene registrato;",
        "le sedute di gruppo non vengono registrate.",
      ],
    },
    {
      heading: "7. Chi può ricevere i dati",
      paragraphs: [
        "I tuoi dati possono essere trattati dai terapeuti che conducono il colloquio e il gruppo e dal personale autorizzato di " +
          `${company}. Possono inoltre essere trattati da fornitori che ci supportano nell'erogazione del servizio (hosting, invio di e-mail, piattaforma di videochiamata, pagamenti), nominati responsabili del trattamento ai sensi dell'art. 28 GDPR e vincolati da obblighi di riservatezza.`,
        "Non vendiamo i tuoi dati e non li comunichiamo a terzi per finalità di marketing. Qualora un fornitore trattasse dati al di fuori dello Spazio Economico Europeo, il trasferimento avverrebbe solo in presenza di garanzie adeguate, come una decisione di adeguatezza della Commissione europea o le clausole contrattuali standard.",
      ],
    },
    {
      heading: "8. Per quanto tempo conserviamo i dati",
      paragraphs: ["Conserviamo i dati solo per il tempo necessario:"],
      items: [
        `dati relativi alla salute (risposte al questionario, prenotazioni dei gruppi): ${retention.healthDataYears} anni dalla raccolta, poi vengono cancellati automaticamente;`,
        `registrazioni dei consensi e registro degli accessi del personale: ${retention.healthDataYears} anni, per dimostrare la correttezza del trattamento;`,
        `altri dati (messaggi dal modulo contatti, richieste di chiamata, liste d'attesa, iscrizioni, copie delle email inviate): ${retention.otherDataMonths} mesi dalla raccolta, poi vengono cancellati automaticamente;`,
        `newsletter: fino alla tua disiscrizione; un'iscrizione mai confermata, o annullata, viene cancellata dopo ${retention.otherDataMonths} mesi;`,
        `richieste di esercizio dei diritti: ${retention.otherDataMonths} mesi dalla loro evasione;`,
        "documenti fiscali: per il periodo previsto dalla legge.",
      ],
    },
    {
      heading: "9. Cookie e strumenti di tracciamento",
      paragraphs: [
        "Non utilizziamo strumenti di tracciamento di terze parti senza il tuo consenso. Al primo accesso un banner ti permette di accettare tutti i cookie, accettare solo quelli necessari o personalizzare la tua scelta per categoria:",
      ],
      items: [
        "necessari: indispensabili per il funzionamento del sito e per ricordare le tue preferenze (per esempio il cookie che ricorda, fino alla chiusura del browser, che hai accettato le condizioni del questionario); sono sempre attivi;",
        "analitici: ci aiutano a capire, in forma aggregata, come viene utilizzato il sito; vengono attivati solo con il tuo consenso;",
        "marketing: consentono di mostrare contenuti di terze parti, come il widget delle recensioni nella home; vengono attivati solo con il tuo consenso.",
      ],
    },
    {
      heading: "10. Dove viene salvata la tua scelta sui cookie",
      paragraphs: [
        `La tua scelta viene salvata nel tuo browser, con la chiave "${COOKIE_CONSENT_KEY}", e viene riapplicata alle visite successive. Puoi modificarla in qualsiasi momento dal link «Preferenze cookie» in fondo a ogni pagina, oppure cancellando i dati del sito dal browser: alla visita successiva il banner ti verrà proposto di nuovo. Le pagine del questionario, dei gruppi consigliati, della richiesta di chiamata e dell'iscrizione non caricano mai contenuti di terze parti, qualunque sia la tua scelta.`,
      ],
    },
    {
      heading: "11. I tuoi diritti",
      paragraphs: ["In base agli articoli da 15 a 22 del GDPR hai diritto di:"],
      items: [
        "accedere ai tuoi dati e riceverne copia (art. 15);",
        "chiederne la rettifica se inesatti o incompleti (art. 16);",
        "chiederne la cancellazione (art. 17);",
        "chiedere la limitazione del trattamento (art. 18);",
        "essere informatə delle rettifiche e cancellazioni comunicate ai destinatari (art. 19);",
        "ricevere i dati in un formato strutturato e portabile (art. 20);",
        "opporti al trattamento basato sul legittimo interesse (art. 21);",
        "non essere sottopostə a decisioni basate unicamente su un trattamento automatizzato (art. 22): l'abbinamento ai gruppi è sempre verificato da un professionista.",
      ],
    },
    {
      heading: "12. Come esercitare i tuoi diritti",
      paragraphs: [
        `Per esercitare i tuoi diritti scrivi a ${legalEntity.privacyEmail}, indicando la richiesta e l'indirizzo e-mail con cui ci hai contattato. Potremmo chiederti informazioni aggiuntive per verificare la tua identità, a tutela dei tuoi stessi dati.`,
        `Rispondiamo entro ${retention.privacyRequestDays} giorni dal ricevimento della richiesta: ogni richiesta viene registrata con la sua scadenza. Con una richiesta di accesso o di portabilità ricevi in formato JSON tutti i dati che conserviamo su di te, comprese le risposte al questionario; con una richiesta di cancellazione eliminiamo i tuoi dati, tranne le registrazioni dei consensi, l'iscrizione firmata e il registro degli accessi, che la legge ci chiede di conservare. L'esercizio dei diritti è gratuito.`,
      ],
    },
    {
      heading: "13. Reclamo al Garante",
      paragraphs: [
        "Se ritieni che il trattamento dei tuoi dati violi il GDPR, puoi proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it), Piazza Venezia 11, 00187 Roma, oppure all'autorità di controllo dello Stato in cui risiedi o lavori.",
      ],
    },
    {
      heading: "14. Modifiche all'informativa",
      paragraphs: [
        "Possiamo aggiornare questa informativa per riflettere modifiche del servizio o della normativa. La data dell'ultimo aggiornamento è indicata in alto; in caso di modifiche rilevanti ti informeremo via e-mail.",
      ],
    },
  ],
};

/* ------------------------------------------------------------------ */
/* Accordo di servizio (/accordo-servizio)                             */
/* ------------------------------------------------------------------ */

/**
 * The spec gives no date for the service agreement; it follows the terms revision.
 * Note: the spec deliberately keeps 24 hours here and 48 hours in the terms.
 */
export const serviceAgreementDocument: LegalDocument = {
  title: "Accordo di servizio e di riservatezza",
  updated: legalVersions.terms.updated,
  version: legalVersions.terms.version,
  intro: `Questo accordo descrive come funziona il percorso di terapia di gruppo online di ${brand} e gli impegni reciproci tra te, il terapeuta, gli altri partecipanti e ${company}. Ti chiediamo di leggerlo con calma e di accettarlo prima della prima seduta: è la base di fiducia su cui si costruisce il lavoro del gruppo.`,
  sections: [
    {
      heading: "1. Oggetto",
      paragraphs: [
        `Con questo accordo aderisci a un percorso di psicoterapia di gruppo online condotto da uno psicologo psicoterapeuta abilitato, organizzato da ${company}. Il gruppo è composto da ${group.minPeople}-${group.totalSpots} partecipanti e si incontra una volta a settimana, per ${group.sessionMinutes} minuti, in videochiamata.`,
      ],
    },
    {
      heading: "2. Natura del percorso",
      paragraphs: [
        "Il percorso di gruppo è uno spazio di cura psicologica in cui ciascun partecipante, con la guida del terapeuta, condivide la propria esperienza e lavora sulle proprie difficoltà anche attraverso il confronto con gli altri. Il terapeuta può proporre temi, esercizi e riflessioni, ma ognuno è liberə di decidere cosa e quanto condividere.",
        "Il servizio non è adatto a gestire situazioni di emergenza. Se ti trovi in una situazione di pericolo per te o per altri, chiama il 112 o rivolgiti al pronto soccorso più vicino.",
      ],
    },
    {
      heading: "3. Segreto professionale del terapeuta",
      paragraphs: [
        "Il terapeuta è tenuto al segreto professionale su tutto ciò che apprende nel corso del percorso, nei limiti e con le sole eccezioni previste dalla legge e dal Codice deontologico degli psicologi italiani, ad esempio in presenza di un grave pericolo per la vita o la salute psicofisica di una persona.",
      ],
    },
    {
      heading: "4. Accordo di riservatezza reciproca tra i partecipanti",
      paragraphs: [
        "Il gruppo funziona solo se ciascuno si sente al sicuro. Per questo, accettando l'accordo, ti impegni verso tutti gli altri partecipanti, che assumono lo stesso impegno verso di te, a:",
      ],
      items: [
        "non rivelare a nessuno, né durante né dopo il percorso, i nomi degli altri partecipanti né informazioni che possano renderli riconoscibili;",
        "non riferire all'esterno quanto condiviso dagli altri nel gruppo; puoi parlare liberamente solo della tua esperienza;",
        "non pubblicare sui social o altrove contenuti che riguardino le sedute o gli altri partecipanti;",
        "informare il terapeuta se hai contatti con altri partecipanti al di fuori delle sedute, così che possano essere affrontati nel gruppo, se utile.",
      ],
    },
    {
      heading: "5. Videocamera e ambiente",
      paragraphs: [
        "Durante le sedute la videocamera deve restare accesa: vedersi reciprocamente è parte del lavoro e del rispetto verso il gruppo. Ti chiediamo di collegarti da un luogo tranquillo e riservato, dove nessun'altra persona possa vedere o ascoltare la seduta, e di usare le cuffie se possibile.",
      ],
    },
    {
      heading: "6. Divieto di registrazione",
      paragraphs: [
        `Le sedute non vengono registrate, né da ${brand} né dal terapeuta. È severamente vietato a ogni partecipante registrare, fotografare, fare screenshot o trasmettere a terzi, in qualsiasi forma, audio, video o contenuti delle sedute.`,
      ],
    },
    {
      heading: "7. Pagamento",
      paragraphs: [
        `Ogni seduta si paga singolarmente, non oltre 24 ore prima del suo inizio. La prima seduta costa ${euro(prices.firstSession)}; le successive costano ${euro(prices.followingSession)} (${euro(prices.standardSplit.platform)} per la piattaforma e ${euro(prices.standardSplit.therapist)} per il terapeuta), oppure ${euro(prices.reducedRate)} con la tariffa agevolata (${euro(prices.reducedSplit.platform)} per la piattaforma e ${euro(prices.reducedSplit.therapist)} per il terapeuta) per chi presenta un ISEE inferiore a ${euro(prices.iseeThreshold)} annui. Non è previsto alcun abbonamento vincolante.`,
      ],
    },
    {
      heading: "8. Cancellazioni e assenze",
      paragraphs: [
        "Puoi disdire una seduta senza alcun costo avvisando almeno 24 ore prima del suo inizio: le sedute perse comunicate in anticipo non vengono addebitate.",
        "In caso di cancellazione comunicata con meno di 24 ore di anticipo o di assenza non giustificata, la seduta è dovuta per intero: il posto nel gruppo resta riservato a te e il lavoro del gruppo prosegue anche in tua assenza.",
      ],
    },
    {
      heading: "9. Cambio di gruppo e rimborsi",
      paragraphs: [
        "Se il gruppo non ti sembra adatto, puoi parlarne con il terapeuta e chiedere di essere spostatə in un altro gruppo. Se decidi che il percorso di gruppo non fa per te, le sedute pagate e non ancora svolte ti vengono rimborsate.",
      ],
    },
    {
      heading: "10. Interruzione ed esclusione",
      paragraphs: [
        "Puoi interrompere il percorso quando vuoi, comunicandolo al terapeuta; se te la senti, ti invitiamo a salutare il gruppo in un'ultima seduta.",
        "La violazione della riservatezza reciproca, del divieto di registrazione o comportamenti irrispettosi verso gli altri possono comportare l'esclusione dal gruppo, con rimborso delle sole sedute pagate e non svolte.",
      ],
    },
    {
      heading: "11. Contatti e tempi di risposta",
      paragraphs: [
        `Per qualsiasi domanda puoi scrivere a ${legalEntity.contactEmail}. Rispondiamo alle richieste generali entro ${replyTimesHours.general} ore, alle richieste di supporto tecnico entro ${replyTimesHours.technical} ore e alle segnalazioni di natura clinica entro ${replyTimesHours.clinicalEmergency} ore. Ricorda che per le emergenze devi sempre rivolgerti al 112.`,
        "Questo accordo si integra con i Termini e condizioni e con l'Informativa privacy, che ricevi insieme a esso.",
      ],
    },
  ],
};
