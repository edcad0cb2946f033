import { useId, useState } from "react";
import { situationCards } from "~/content/situations";
import { group as groupConstants } from "~/content/site";
import { groupStatusLabels, weekdayNames } from "~/domain/group-labels";
import { FormDialogFooter, RecordFormFields, useRecordForm } from "./conflict-notice";
import { Field, invalidProps, Modal, OptionList, InputField } from "./ui";

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
function GroupEditor({
  initial,
  therapists,
  onDone,
}: {
  initial: GroupFormValues | null;
  therapists: { id: string; name: string }[];
  onDone: () => void;
}) {
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
  const { fetcher, reload, reloading, saving, conflict, errors } = useRecordForm({
    href: "/admin/gruppi",
    fresh: (data: { groups: GroupFormValues[] } | null) => data?.groups.find((row) => row.id === group?.id),
    onReloaded,
    onDone,
    notFound: { title: "Errore durante il salvataggio del gruppo", description: "Gruppo non trovato." },
  });
  const id = (name: string) => `group-${name}`;
  const formId = useId();
  return (
    <Modal
      onClose={onDone}
      title={group ? "Modifica gruppo" : "Nuovo gruppo"}
      description="I campi con * sono obbligatori."
      footer={<FormDialogFooter formId={formId} onCancel={onDone} cancelLabel="Annulla" saving={saving} label={group ? "Salva modifiche" : "Crea gruppo"} />}
    >
      <fetcher.Form id={formId} method="post" className="grid gap-5">
        <RecordFormFields record={group} conflict={conflict} reload={reload} reloading={reloading} />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Nome" id={id("name")} error={errors.name} required name="name" defaultValue={group?.name} maxLength={120} />
          <Field label="Terapeuta" htmlFor={id("therapist")} error={errors.therapist_id} required>
            <select
              id={id("therapist")}
              name="therapist_id"
              defaultValue={group?.therapistId ?? ""}
              required
              className="field"
              {...invalidProps(id("therapist"), errors.therapist_id)}
            >
              <option value="" disabled>
                Scegli il terapeuta
              </option>
              <OptionList items={therapists} />
            </select>
          </Field>
        </div>
        <Field label="Tema" htmlFor={id("topic")} error={errors.topic} required>
          <textarea
            id={id("topic")}
            name="topic"
            defaultValue={group?.topic}
            required
            rows={3}
            maxLength={1000}
            className="field"
            {...invalidProps(id("topic"), errors.topic)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Giorno" htmlFor={id("weekday")} error={errors.weekday} required>
            <select id={id("weekday")} name="weekday" defaultValue={group?.weekday ?? 1} className="field">
              {weekdayNames.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Fascia oraria" htmlFor={id("slot")} error={errors.time_slot} required>
            <select id={id("slot")} name="time_slot" defaultValue={group?.timeSlot ?? "Sera"} className="field">
              <option>Mattina</option>
              <option>Pomeriggio</option>
              <option>Sera</option>
            </select>
          </Field>
          <InputField label="Ora di inizio" id={id("start")} error={errors.start_time} required name="start_time" type="time" defaultValue={group?.startTime ?? "20:00"} />
          <InputField label="Età minima" id={id("age-min")} error={errors.age_min} required name="age_min" type="number" min={18} max={99} defaultValue={group?.ageMin ?? 18} />
          <InputField label="Età massima" id={id("age-max")} error={errors.age_max} required name="age_max" type="number" min={18} max={99} defaultValue={group?.ageMax ?? 99} />
          <Field
            label="Capienza"
            htmlFor={id("capacity")}
            error={errors.capacity}
            required
            hint={
              group ? `Da 1 a ${groupConstants.totalSpots}; ${group.confirmed} già confermati.` : `Da 1 a ${groupConstants.totalSpots}.`
            }
          >
            <input
              id={id("capacity")}
              name="capacity"
              type="number"
              min={Math.max(1, group?.confirmed ?? 1)}
              max={groupConstants.totalSpots}
              defaultValue={group?.capacity ?? groupConstants.totalSpots}
              required
              className="field"
              {...invalidProps(id("capacity"), errors.capacity)}
            />
          </Field>
          <InputField label="Data di inizio" id={id("starts")} error={errors.starts_on} required name="starts_on" type="date" defaultValue={group?.startsOn} />
          <Field label="Stato" htmlFor={id("status")} error={errors.status} required>
            <select id={id("status")} name="status" defaultValue={group?.status ?? "open"} className="field">
              {(Object.keys(groupStatusLabels) as (keyof typeof groupStatusLabels)[]).map((status) => (
                <option key={status} value={status}>
                  {groupStatusLabels[status]}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="Link della videochiamata"
            htmlFor={id("video")}
            error={errors.video_url}
            hint="Solo https. Lo vedono il terapeuta del gruppo, lo staff e i membri nella loro area; mai le pagine pubbliche."
            className="sm:col-span-3"
          >
            <input
              id={id("video")}
              name="video_url"
              type="url"
              inputMode="url"
              placeholder="https://"
              defaultValue={group?.videoUrl ?? ""}
              className="field"
              {...invalidProps(id("video"), errors.video_url)}
            />
          </Field>
        </div>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Situazioni affrontate (per l'abbinamento)</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {situationCards.map((card) => (
              <label key={card.slug} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="situations"
                  value={card.slug}
                  defaultChecked={group?.situations.includes(card.slug)}
                  className="mt-1 size-4 accent-teal-700"
                />
                {card.text}
              </label>
            ))}
          </div>
          {errors.situations ? <p className="text-sm text-danger-600">{errors.situations}</p> : null}
        </fieldset>
      </fetcher.Form>
    </Modal>
  );
}
