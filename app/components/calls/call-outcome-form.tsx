import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useActionForm } from "~/components/admin/action-result";
import { Field, labelledOptions, OptionList, Options } from "~/components/admin/fields";
import { callOutcomeLabels, callOutcomes, callOutcomeSchema, referralReasonLabels, referralReasons, riskLevelLabels, riskLevels } from "~/domain/call-outcomes";

interface Recorded {
  outcome: string | null;
  riskLevel: string | null;
  groupId: string | null;
  referralReason: string | null;
  referralNote: string | null;
}

/** The call's outcome and risk level, recorded after the call, on the therapist's page and on the staff page (decision 085). */
export function CallOutcomeForm({ recorded, groups }: { recorded: Recorded | null; groups: { id: string; name: string }[] }) {
  const { fetcher, busy, form, fields } = useActionForm(callOutcomeSchema, {
    id: "call-outcome",
    defaultValue: {
      intent: "outcome",
      outcome: recorded?.outcome ?? undefined,
      riskLevel: recorded?.riskLevel ?? undefined,
      groupId: recorded?.groupId ?? undefined,
      referralReason: recorded?.referralReason ?? undefined,
      referralNote: recorded?.referralNote ?? undefined,
    } as never,
  });
  const outcome = fields.outcome.value;
  const high = fields.riskLevel.value === "high";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 rounded-2xl border border-sand-200 bg-white p-4 sm:p-5">
      <h2 className="text-lg font-semibold">Esito della chiamata</h2>
      {recorded?.outcome ? (
        <p className="text-sm text-ink-700">
          Già registrato: puoi correggerlo. Se cambi l'esito, quello di prima viene annullato (anche il posto nel gruppo) e la persona riceve l'email del nuovo; se cambi solo il
          rischio o l'indicazione, non riceve nulla.
        </p>
      ) : null}
      <input {...getInputProps(fields.intent, { type: "hidden" })} />
      <Field
        label="Livello di rischio"
        field={fields.riskLevel}
        hint={high ? "Rischio alto: l'esito è «Per ora non adattə a un gruppo» e lo staff riceve una segnalazione." : undefined}
      >
        <select {...getSelectProps(fields.riskLevel)} className="field">
          <option value="">Scegli…</option>
          <Options options={labelledOptions(riskLevels, riskLevelLabels)} />
        </select>
      </Field>
      <Field label="Esito" field={fields.outcome}>
        <select {...getSelectProps(fields.outcome)} className="field">
          <option value="">Scegli…</option>
          <Options options={labelledOptions(callOutcomes, callOutcomeLabels).map((option) => ({ ...option, disabled: high && option.value !== "not_suitable" }))} />
        </select>
      </Field>
      {outcome === "suitable_other" ? (
        <Field label="Gruppo" field={fields.groupId}>
          <select {...getSelectProps(fields.groupId)} className="field">
            <option value="">Scegli…</option>
            <OptionList items={groups} />
          </select>
        </Field>
      ) : null}
      {outcome === "not_suitable" ? (
        <>
          <Field label="Motivo" field={fields.referralReason}>
            <select {...getSelectProps(fields.referralReason)} className="field">
              <option value="">Scegli…</option>
              <Options options={labelledOptions(referralReasons, referralReasonLabels)} />
            </select>
          </Field>
          <Field label="Indicazione per la persona" field={fields.referralNote} hint="La legge la persona nell'email: a chi rivolgersi, con parole semplici.">
            <textarea {...getTextareaProps(fields.referralNote)} rows={3} className="field" />
          </Field>
        </>
      ) : null}
      <button type="submit" className="btn btn-primary min-h-11 justify-self-start" disabled={busy}>
        Registra l'esito
      </button>
    </fetcher.Form>
  );
}
