import { Check, Copy, Landmark } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useHydrated } from "~/components/matching/use-hydrated";
import { TitledSection } from "~/components/site/titled-section";
import { site } from "~/content/site";
import { formatEuro, formatEuroPlain } from "~/domain/money";
import type { BankTransferView } from "~/domain/bank-transfer";

/**
 * "Paga con bonifico" beside what a member owes on /area-personale/pagamenti: the practice's IBAN and
 * holder, the exact amount and the causale, each with a copy button, and the EPC code a banking app
 * scans to fill in the transfer. Without JavaScript the values are plain text (one tap selects each);
 * the copy buttons appear once the page's script runs. Without the practice's bank details the block
 * says whom to write to instead.
 */
export function BankTransfer({ transfer, online }: { transfer: BankTransferView; online: boolean }) {
  const titleId = useId();
  return (
    <TitledSection
      id={titleId}
      level={3}
      title={
        <>
          <Landmark aria-hidden className="size-5 text-teal-700" />
          Paga con bonifico
        </>
      }
      className="grid gap-4 rounded-2xl border border-teal-200 bg-teal-50/50 p-3 sm:p-5"
      titleClassName="flex items-center gap-2 font-semibold"
    >
      {transfer.status === "ready" ? (
        <>
          <p className="text-ink-700">
            Fai un bonifico con questi dati{online ? ", oppure paga online qui sopra" : ""}. Scrivi la causale così com'è: ci dice che il pagamento è tuo.
          </p>
          <dl className="grid gap-2">
            <TransferValue label="IBAN" shown={transfer.ibanGroups} copied={transfer.iban} copy="Copia l'IBAN" done="IBAN copiato" />
            <TransferValue label="Intestatario" shown={transfer.holder} copied={transfer.holder} copy="Copia l'intestatario" done="Intestatario copiato" />
            <TransferValue label="Importo" shown={formatEuro(transfer.amountCents)} copied={formatEuroPlain(transfer.amountCents)} copy="Copia l'importo" done="Importo copiato" />
            <TransferValue label="Causale" shown={transfer.reference} copied={transfer.reference} copy="Copia la causale" done="Causale copiata" />
          </dl>
          {transfer.stampDutyCents > 0 ? <StampDutyNote cents={transfer.stampDutyCents} /> : null}
          {transfer.qrSvg ? (
            <figure className="flex flex-col items-center gap-3 sm:flex-row sm:gap-5">
              {/* The SVG is drawn on the server by epcQrSvg from our own payload, its label escaped. */}
              <div className="w-44 shrink-0 rounded-xl bg-white p-1 shadow-sm" dangerouslySetInnerHTML={{ __html: transfer.qrSvg }} />
              <figcaption className="grid gap-1 text-center text-sm text-ink-700 sm:text-left">
                <span className="font-medium text-ink-900">Inquadra il codice con l'app della tua banca</span>
                <span>IBAN, intestatario, importo e causale si compilano da soli: controlli e confermi il bonifico.</span>
              </figcaption>
            </figure>
          ) : null}
        </>
      ) : (
        <div className="grid gap-2">
          <p className="text-ink-700">
            Da pagare: <strong>{formatEuro(transfer.amountCents)}</strong>. Per pagare con bonifico scrivici a{" "}
            <a href={`mailto:${site.contactEmail}`} className="font-medium text-teal-800 underline underline-offset-2">
              {site.contactEmail}
            </a>
            : ti mandiamo i dati del conto dello studio.
          </p>
          {transfer.stampDutyCents > 0 ? <StampDutyNote cents={transfer.stampDutyCents} /> : null}
        </div>
      )}
    </TitledSection>
  );
}

function StampDutyNote({ cents }: { cents: number }) {
  return <p className="text-sm text-ink-700">L'importo comprende {formatEuro(cents)} di imposta di bollo della fattura.</p>;
}

interface TransferValueProps {
  label: string;
  shown: string;
  /** What the button copies: the IBAN without spaces, the amount as "65,00" (what a banking app's field takes). */
  copied: string;
  /** The button's name and what is announced once copied. */
  copy: string;
  done: string;
}

function TransferValue({ label, shown, copied, copy, done }: TransferValueProps) {
  return (
    <div className="grid gap-1 rounded-xl border border-sand-200 bg-white px-3 py-2.5 sm:grid-cols-[6.5rem_minmax(0,1fr)] sm:items-center sm:gap-3">
      <dt className="text-sm text-ink-500">{label}</dt>
      <dd className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
        <span className="min-w-0 select-all break-words font-semibold tabular-nums text-ink-900">{shown}</span>
        <CopyButton value={copied} name={copy} done={done} />
      </dd>
    </div>
  );
}

type CopyState = "idle" | "copied" | "failed";

/** Copies `value`; says so beside the button and to screen readers. Rendered only once the script runs. */
function CopyButton({ value, name, done }: { value: string; name: string; done: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = window.setTimeout(() => setState("idle"), 4000);
    return () => window.clearTimeout(timer);
  }, [state]);
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-2">
      <button type="button" onClick={copy} className="btn btn-secondary min-h-11 px-4 py-2 text-sm" aria-label={name}>
        {state === "copied" ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
        {state === "copied" ? "Copiato" : "Copia"}
      </button>
      <span role="status" className={`text-sm ${state === "failed" ? "text-danger-600" : "sr-only"}`}>
        {state === "copied" ? done : state === "failed" ? "Copia non riuscita: tieni premuto sul testo per selezionarlo." : ""}
      </span>
    </span>
  );
}
