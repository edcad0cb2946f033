import { ReceiptText } from "lucide-react";
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
