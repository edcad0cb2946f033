import { getFormProps, getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { CircleAlert, CircleCheck, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { Route } from "./+types/settings";
import { useActionForm } from "~/components/admin/action-result";
import { useRowConflict } from "~/components/admin/conflict-notice";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { Field, InputField } from "~/components/admin/fields";
import { PageHeader, Spinner } from "~/components/admin/page";
import { firstError } from "~/components/forms/schema-form";
import { TitledSection } from "~/components/site/titled-section";
import { issuedInvoicesText, practiceSettingsSchema, stampDutyBearerLabels, stampDutyBearers } from "~/domain/fiscal-forms";
import { DEMO_VALUES_GAP } from "~/domain/fiscal-identity";
import { formatIban } from "~/domain/iban";
import { conflictMessages } from "~/domain/version";
import { parseSubmission } from "~/server/form-submission.server";
import { adminPageData, requireAdmin } from "~/server/gates.server";
import { actionOk, checkFields, staffAction, submissionRefused } from "~/server/http/staff-action.server";
import { practiceSettingsPage, savePracticeSettings } from "~/server/services/practice-settings.server";

/**
 * /admin/impostazioni — who may: staff only (anonymous 401, clients and therapists 403, shown by the
 * admin layout). The practice's fiscal identity printed on every invoice: what is still missing, the
 * demo values flagged, and the form; a save that completes it issues the invoices waiting for it.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, async () => {
    const page = await practiceSettingsPage(context.db);
    const { settings } = page;
    return {
      ...page,
      settings: settings ? { demo: settings.demo } : null,
      defaults: settings
        ? {
            legal_name: settings.legalName ?? "",
            address_line: settings.addressLine ?? "",
            postal_code: settings.postalCode ?? "",
            city: settings.city ?? "",
            province: settings.province ?? "",
            partita_iva: settings.partitaIva ?? "",
            codice_fiscale: settings.codiceFiscale ?? "",
            tax_regime_note: settings.taxRegimeNote ?? "",
            iban: settings.iban ? formatIban(settings.iban) : "",
            bic: settings.bic ?? "",
            account_holder: settings.accountHolder ?? "",
            stamp_duty: settings.stampDutyCharged ? ("person" as const) : ("practice" as const),
          }
        : { stamp_duty: "practice" as const },
    };
  });
}

const INTENT = "settings";
const refusedTitle = "Dati dello studio non salvati";

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(context.db, request);
  const submission = parseSubmission(await request.formData(), practiceSettingsSchema);
  if (submission.status !== "success") return submissionRefused(INTENT, refusedTitle, submission, { description: checkFields });
  return staffAction(
    INTENT,
    async () => {
      const saved = await savePracticeSettings(context.db, actor, submission.value);
      const parts = [saved.changed.length > 0 ? "Dati dello studio salvati." : "Nessuna modifica da salvare."];
      if (saved.issued > 0) parts.push(`${issuedInvoicesText(saved.issued)} tra quelle in attesa.`);
      if (saved.demo) parts.push("Restano dati di prova: sostituisci denominazione, partita IVA, codice fiscale e IBAN.");
      return actionOk(INTENT, parts.join(" "));
    },
    { scope: "admin-settings", title: refusedTitle, fallback: "Si è verificato un errore. Riprova più tardi.", submission, conflictDescription: conflictMessages.form },
  );
}

/** A code typed as letters and digits (codice fiscale, IBAN, BIC): capitals, no spelling suggestions, monospaced; `textSize` when the code is long. */
function CodeField({ textSize, ...props }: { label: string; field: FieldMetadata<string>; hint?: string; maxLength: number; textSize?: string }) {
  const code = "field font-mono uppercase";
  return <InputField {...props} autoCapitalize="characters" spellCheck={false} className={textSize ? `${code} ${textSize}` : code} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Impostazioni · Admin" }];

type Data = Route.ComponentProps["loaderData"];

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { version, defaults } = loaderData;
  const { onConflict, notice } = useRowConflict(conflictMessages.form);
  // A new version (after a save, or Ricarica) starts the form from what is saved.
  const { fetcher, busy, form, fields } = useActionForm(practiceSettingsSchema, { id: `settings-${version}`, defaultValue: defaults, onConflict });
  const saved = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data.message : null;
  return (
    <section className="grid max-w-3xl gap-6">
      <PageHeader title="Impostazioni" description="I dati dello studio che emette le fatture sanitarie: compaiono su ogni fattura e nota di credito." />
      <Status data={loaderData} />
      {saved ? <Done role="status">{saved}</Done> : null}
      {notice}
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-6">
        <input type="hidden" name="version" value={version} />
        <Card title="Chi emette le fatture" id="issuer-title">
          <InputField label="Denominazione" field={fields.legal_name} hint="Il nome dello studio o del professionista, come all'Agenzia delle Entrate." maxLength={200} />
          <InputField label="Indirizzo" field={fields.address_line} hint="Via e numero civico della sede o del domicilio fiscale." maxLength={200} />
          <div className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-4 sm:grid-cols-[8rem_minmax(0,1fr)_6rem]">
            <InputField label="CAP" field={fields.postal_code} inputMode="numeric" maxLength={5} />
            <InputField label="Comune" field={fields.city} maxLength={100} />
            <InputField
              label="Provincia"
              field={fields.province}
              hint="Sigla, es. RM"
              maxLength={2}
              autoCapitalize="characters"
              className="field uppercase"
              fieldClassName="col-span-2 w-28 sm:col-span-1 sm:w-auto"
            />
          </div>
        </Card>
        <Card title="Dati fiscali" id="tax-title">
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField label="Partita IVA" field={fields.partita_iva} inputMode="numeric" maxLength={16} className="field font-mono tracking-wider" />
            <CodeField
              label="Codice fiscale"
              field={fields.codice_fiscale}
              hint="16 caratteri per un professionista, 11 cifre per uno studio associato o una società."
              maxLength={20}
            />
          </div>
          <Field
            label="Dicitura del regime fiscale (facoltativa)"
            field={fields.tax_regime_note}
            hint="Stampata sulle fatture, se il tuo regime la richiede: per esempio, nel regime forfettario, «Operazione effettuata ai sensi dell'art. 1, commi 54-89, L. 190/2014». Chiedi al commercialista."
          >
            <textarea {...getTextareaProps(fields.tax_regime_note)} rows={3} maxLength={500} className="field" />
          </Field>
        </Card>
        <Card title="Conto per i bonifici" id="bank-title">
          <CodeField
            label="IBAN"
            field={fields.iban}
            hint="Stampato sulle fatture e nel codice QR per pagare con l'app della banca."
            maxLength={42}
            textSize="text-sm sm:text-base"
          />
          <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
            <CodeField label="BIC / SWIFT (facoltativo)" field={fields.bic} maxLength={11} />
            <InputField label="Intestatario del conto" field={fields.account_holder} maxLength={200} />
          </div>
        </Card>
        <Card title="Imposta di bollo" id="stamp-title">
          <fieldset className="grid gap-2" aria-describedby={fields.stamp_duty.errors ? fields.stamp_duty.errorId : "stamp-hint"}>
            <legend className="mb-1 text-sm font-medium">Chi paga i 2 € di bollo sulle fatture sopra 77,47 €</legend>
            {stampDutyBearers.map((bearer) => (
              <label key={bearer} className="flex min-h-11 items-center gap-3 rounded-xl border border-sand-200 px-3 py-2 has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50">
                <input {...getInputProps(fields.stamp_duty, { type: "radio", value: bearer })} className="size-5 accent-teal-700" />
                {stampDutyBearerLabels[bearer]}
              </label>
            ))}
            <p id="stamp-hint" className="text-xs text-ink-500">
              Addebitata: la fattura aggiunge la riga «Imposta di bollo» e la persona la paga con le sedute.
            </p>
            {firstError(fields.stamp_duty.errors) ? (
              <p id={fields.stamp_duty.errorId} className="text-sm text-danger-600">
                {firstError(fields.stamp_duty.errors)}
              </p>
            ) : null}
          </fieldset>
        </Card>
        <button type="submit" className="btn btn-primary w-full sm:w-fit" disabled={busy}>
          {busy ? <Spinner /> : null}
          Salva i dati dello studio
        </button>
      </fetcher.Form>
    </section>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection id={id} title={title} className="grid gap-4 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6" titleClassName="text-lg font-semibold">
      {children}
    </TitledSection>
  );
}

/** A line that says all is well: the settings saved, or nothing missing. */
function Done({ role, children }: { role?: "status"; children: ReactNode }) {
  return (
    <p role={role} className="flex gap-2 rounded-2xl border border-teal-200 bg-teal-50 p-4 text-teal-800">
      <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
      {children}
    </p>
  );
}

/** What the invoices still lack, the demo values flagged, and how many invoices wait. */
function Status({ data }: { data: Data }) {
  const missing = data.gaps.filter((gap) => gap !== DEMO_VALUES_GAP);
  const waiting = data.waiting > 0 ? ` Fatture in attesa: ${data.waiting}.` : "";
  return (
    <div className="grid gap-3">
      {data.settings?.demo ? (
        <div className="flex gap-2 rounded-2xl border border-coral-500/50 bg-coral-100 p-4 text-ink-900">
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-coral-700" />
          <p>
            <strong>Dati di prova: sostituiscili prima di emettere fatture reali.</strong>{" "}
            {data.demoRefused
              ? `Finché restano, nessuna fattura viene emessa.${waiting}`
              : "Sono i dati inventati della prova locale: qui le fatture di prova vengono emesse lo stesso, in produzione no."}
          </p>
        </div>
      ) : null}
      {missing.length > 0 ? (
        <div className="flex gap-2 rounded-2xl border border-danger-600/30 bg-danger-50 p-4 text-ink-900">
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-danger-600" />
          <p>
            <strong>Le fatture non vengono emesse finché manca:</strong> {missing.join(", ")}.{waiting}
          </p>
        </div>
      ) : data.gaps.length === 0 ? (
        <Done>
          <span>Dati completi: le fatture vengono emesse a ogni pagamento, per chi ha dato i suoi dati fiscali.{waiting}</span>
        </Done>
      ) : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
