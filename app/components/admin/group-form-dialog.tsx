import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";
import { firstError } from "~/components/forms/schema-form";
import { FieldError } from "~/components/site/field-error";
import { situationCards } from "~/content/situations";
import { group as groupConstants } from "~/content/site";
import { groupInputSchema } from "~/domain/group-input";
import { groupStatusLabels, weekdayNames } from "~/domain/group-labels";
import { groupStatuses } from "~/domain/statuses";
import { FormDialogFooter, RecordFormFields, useRecordForm } from "./conflict-notice";
import { Modal } from "./dialogs";
import { Field, InputField, labelledOptions, OptionList, Options } from "./fields";

export interface GroupFormValues {
  id: string;
  /** The version the form was loaded from, sent back with the save. */
  version: string;
  name: string;
  topic: string;
  therapistId: string;
  situations: string[];
  weekday: number;
  timeSlot: string;
  startTime: string;
  ageMin: number;
  ageMax: number;
  capacity: number;
  status: "open" | "full" | "closed";
  startsOn: string;
  videoUrl: string | null;
  confirmed: number;
}

export function GroupFormDialog({
  open,
  onOpenChange,
  group,
  therapists,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  group: GroupFormValues | null;
  therapists: { id: string; name: string }[];
}) {
  return open ? <GroupEditor key={group?.id ?? "new"} initial={group} therapists={therapists} onDone={() => onOpenChange(false)} /> : null;
}

/** Holds the group being edited: "Ricarica" after a conflict replaces it with the saved one (a fresh form). */
function GroupEditor({ initial, therapists, onDone }: { initial: GroupFormValues | null; therapists: { id: string; name: string }[]; onDone: () => void }) {
  const [group, setGroup] = useState(initial);
  return <GroupForm key={group?.version ?? "new"} group={group} therapists={therapists} onReloaded={setGroup} onDone={onDone} />;
}

function GroupForm({
  group,
  therapists,
  onReloaded,
  onDone,
}: {
  group: GroupFormValues | null;
  therapists: { id: string; name: string }[];
  onReloaded: (group: GroupFormValues) => void;
  onDone: () => void;
}) {
  const { fetcher, form, fields, reload, reloading, saving, conflict } = useRecordForm(groupInputSchema, {
    href: "/admin/gruppi",
    fresh: (data: { groups: GroupFormValues[] } | null) => data?.groups.find((row) => row.id === group?.id),
    onReloaded,
    onDone,
    notFound: { title: "Errore durante il salvataggio del gruppo", description: "Gruppo non trovato." },
    defaultValue: {
      name: group?.name,
      topic: group?.topic,
      therapist_id: group?.therapistId,
      situations: group?.situations ?? [],
      weekday: String(group?.weekday ?? 1),
      time_slot: group?.timeSlot ?? "Sera",
      start_time: group?.startTime ?? "20:00",
      age_min: String(group?.ageMin ?? 18),
      age_max: String(group?.ageMax ?? 99),
      capacity: String(group?.capacity ?? groupConstants.totalSpots),
      status: group?.status ?? "open",
      starts_on: group?.startsOn,
      video_url: group?.videoUrl ?? "",
    },
  });
  return (
    <Modal
      onClose={onDone}
      title={group ? "Modifica gruppo" : "Nuovo gruppo"}
      description="I campi con * sono obbligatori."
      footer={<FormDialogFooter formId={form.id} onCancel={onDone} cancelLabel="Annulla" saving={saving} label={group ? "Salva modifiche" : "Crea gruppo"} />}
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5">
        <RecordFormFields record={group} conflict={conflict} reload={reload} reloading={reloading} />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Nome" field={fields.name} />
          <Field label="Terapeuta" field={fields.therapist_id}>
            {/* Conform gives no default for a new group; the browser would then pick the first therapist, not the placeholder. */}
            <select {...getSelectProps(fields.therapist_id)} defaultValue={fields.therapist_id.initialValue ?? ""} className="field">
              <option value="" disabled>
                Scegli il terapeuta
              </option>
              <OptionList items={therapists} />
            </select>
          </Field>
        </div>
        <Field label="Tema" field={fields.topic}>
          <textarea {...getTextareaProps(fields.topic)} rows={3} className="field" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Giorno" field={fields.weekday}>
            <select {...getSelectProps(fields.weekday)} className="field">
              {weekdayNames.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Fascia oraria" field={fields.time_slot}>
            <select {...getSelectProps(fields.time_slot)} className="field">
              <option>Mattina</option>
              <option>Pomeriggio</option>
              <option>Sera</option>
            </select>
          </Field>
          <InputField label="Ora di inizio" field={fields.start_time} type="time" />
          <Field label="Età minima" field={fields.age_min}>
            <input {...getInputProps(fields.age_min, { type: "number" })} className="field" />
          </Field>
          <Field label="Età massima" field={fields.age_max}>
            <input {...getInputProps(fields.age_max, { type: "number" })} className="field" />
          </Field>
          <Field
            label="Capienza"
            field={fields.capacity}
            hint={group ? `Da 1 a ${groupConstants.totalSpots}; ${group.confirmed} già confermati.` : `Da 1 a ${groupConstants.totalSpots}.`}
          >
            {/* Not below the people already confirmed, which only this group knows. */}
            <input {...getInputProps(fields.capacity, { type: "number" })} min={Math.max(1, group?.confirmed ?? 1)} className="field" />
          </Field>
          <InputField label="Data di inizio" field={fields.starts_on} type="date" />
          <Field label="Stato" field={fields.status}>
            <select {...getSelectProps(fields.status)} className="field">
              <Options options={labelledOptions(groupStatuses, groupStatusLabels)} />
            </select>
          </Field>
          <Field
            label="Link della videochiamata"
            field={fields.video_url}
            hint="Solo https. Lo vedono il terapeuta del gruppo, lo staff e i membri nella loro area; mai le pagine pubbliche."
            className="sm:col-span-3"
          >
            <input {...getInputProps(fields.video_url, { type: "url" })} inputMode="url" placeholder="https://" className="field" />
          </Field>
        </div>
        <fieldset className="grid gap-2" aria-describedby={fields.situations.errors ? fields.situations.errorId : undefined}>
          <legend className="text-sm font-medium">Situazioni affrontate (per l'abbinamento)</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {getCollectionProps(fields.situations, { type: "checkbox", options: situationCards.map((card) => card.slug) }).map(({ key, ...props }, index) => (
              <label key={key} className="flex items-start gap-2 text-sm">
                <input {...props} className="mt-1 size-4 accent-teal-700" />
                {situationCards[index]!.text}
              </label>
            ))}
          </div>
          <FieldError id={fields.situations.errorId} error={firstError(fields.situations.errors)} />
        </fieldset>
      </fetcher.Form>
    </Modal>
  );
}
