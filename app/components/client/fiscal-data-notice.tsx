import { FileSignature, ReceiptText } from "lucide-react";
import { Link } from "react-router";
import { clientAreaPaths } from "~/domain/client-area";

/**
 * Shown on the area's home and payments page while an invoice of the person waits for their fiscal
 * data (they were asked once by e-mail): what is needed and the way to the form.
 */
export function FiscalDataRequest() {
  return (
    <section aria-labelledby="fiscal-data-request-title" className="grid gap-3 rounded-3xl border border-coral-500/40 bg-coral-100/60 p-5 sm:p-6">
      <h2 id="fiscal-data-request-title" className="flex items-center gap-2 text-lg font-semibold text-ink-900">
        <ReceiptText aria-hidden className="size-5 shrink-0 text-coral-700" />
        Ci servono i tuoi dati per la fattura
      </h2>
      <p className="text-ink-900">Per emettere la fattura del tuo pagamento servono nome, indirizzo di residenza e codice fiscale. Li inserisci una volta sola.</p>
      <p>
        <Link to={clientAreaPaths.fiscalData} className="btn btn-primary w-full sm:w-fit">
          Inserisci i dati fiscali
        </Link>
      </p>
    </section>
  );
}

/** The way to the fiscal data from the payments page, once they are given (or before anyone asked). */
export function FiscalDataLink() {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-2xl bg-white p-4 text-ink-700 ring-1 ring-sand-200">
      <ReceiptText aria-hidden className="size-5 shrink-0 text-teal-700" />
      <span>Nome, indirizzo e codice fiscale per le tue fatture:</span>
      <Link to={clientAreaPaths.fiscalData} className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline">
        Dati fiscali
      </Link>
    </p>
  );
}

/**
 * Shown on the area's home to a member whose address has not yet confirmed the registration (the
 * service's documents accepted, sent to them as PDFs): the way to /conferma-iscrizione.
 */
export function RegistrationRequest() {
  return (
    <section aria-labelledby="registration-request-title" className="grid gap-3 rounded-3xl border border-teal-200 bg-teal-50 p-5 sm:p-6">
      <h2 id="registration-request-title" className="flex items-center gap-2 text-lg font-semibold text-ink-900">
        <FileSignature aria-hidden className="size-5 shrink-0 text-teal-700" />
        Completa la tua iscrizione
      </h2>
      <p className="text-ink-900">Inserisci i tuoi dati e accetta i documenti del servizio (accordo, termini e privacy): te ne mandiamo una copia per email.</p>
      <p>
        <Link to="/conferma-iscrizione" className="btn btn-primary w-full sm:w-fit">
          Conferma l'iscrizione
        </Link>
      </p>
    </section>
  );
}
