import { getFormProps, getTextareaProps } from "@conform-to/react";
import { ImagePlus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { firstError } from "~/components/forms/schema-form";
import { useToast } from "~/components/ui/toast";
import { ChipInput } from "./chip-input";
import { FormDialogFooter, RecordFormFields, useRecordForm } from "./conflict-notice";
import { imageFileProblem, uploadImage } from "./image-upload";
import { Spinner } from "./page";
import { Modal } from "./dialogs";
import { Field, InputField } from "./fields";
import { FieldError } from "~/components/site/field-error";
import { therapistInputSchema } from "~/domain/therapist-input";

export interface TherapistFormValues {
  id: string;
  /** The version the form was loaded from, sent back with the save. */
  version: string;
  name: string;
  role: string;
  specialization: string;
  experience: string;
  description: string;
  biography: string | null;
  image: string | null;
  registrationNumber: string | null;
  qualifications: string[];
  approaches: string[];
}

const messages = {
  notImage: "Please select an image file",
  tooLarge: "Image size must be less than 5MB",
  uploadFailed: "Failed to upload image",
  saveFailed: "Failed to create/update therapist",
} as const;

/** A therapist row of the admin list as the form edits it. */
export function toTherapistFormValues(therapist: TherapistFormValues): TherapistFormValues {
  return {
    id: therapist.id,
    version: therapist.version,
    name: therapist.name,
    role: therapist.role,
    specialization: therapist.specialization,
    experience: therapist.experience,
    description: therapist.description,
    biography: therapist.biography,
    image: therapist.image,
    registrationNumber: therapist.registrationNumber,
    qualifications: therapist.qualifications,
    approaches: therapist.approaches,
  };
}

/** Add New Therapist / Edit Therapist (SPEC 2 and 5, "Admin, therapists"). */
export function TherapistFormDialog({ open, onOpenChange, therapist }: { open: boolean; onOpenChange: (open: boolean) => void; therapist: TherapistFormValues | null }) {
  return open ? <TherapistEditor key={therapist?.id ?? "new"} initial={therapist} onDone={() => onOpenChange(false)} /> : null;
}

/** Holds the record being edited: "Ricarica" after a conflict replaces it with the saved one (a fresh form). */
function TherapistEditor({ initial, onDone }: { initial: TherapistFormValues | null; onDone: () => void }) {
  const [therapist, setTherapist] = useState(initial);
  return <TherapistForm key={therapist?.version ?? "new"} therapist={therapist} onReloaded={setTherapist} onDone={onDone} />;
}

function TherapistForm({ therapist, onReloaded, onDone }: { therapist: TherapistFormValues | null; onReloaded: (therapist: TherapistFormValues) => void; onDone: () => void }) {
  const toast = useToast();
  const { fetcher, form, fields, reload, reloading, saving, conflict } = useRecordForm(therapistInputSchema, {
    href: "/admin/terapeuti",
    fresh: (data: { therapists: TherapistFormValues[] } | null) => {
      const row = data?.therapists.find((item) => item.id === therapist?.id);
      return row ? toTherapistFormValues(row) : undefined;
    },
    onReloaded,
    onDone,
    notFound: { title: messages.saveFailed, description: "Therapist not found" },
    failedTitle: messages.saveFailed,
    defaultValue: {
      name: therapist?.name,
      role: therapist?.role,
      specialization: therapist?.specialization,
      experience: therapist?.experience,
      description: therapist?.description,
      registration_number: therapist?.registrationNumber,
      biography: therapist?.biography,
    },
  });
  const [image, setImage] = useState(therapist?.image ?? "");
  const [qualifications, setQualifications] = useState(therapist?.qualifications ?? []);
  const [approaches, setApproaches] = useState(therapist?.approaches ?? []);
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const imageError = photoError ?? firstError(fields.image.errors);

  /** One toast and the field's error per refused photo; a photo that uploads clears the error. */
  async function onPhoto(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      const reason = problem === "type" ? messages.notImage : messages.tooLarge;
      setPhotoError(reason);
      toast({ title: reason, variant: "destructive" });
    } else {
      setUploading(true);
      const result = await uploadImage("therapist-photo", file);
      setUploading(false);
      if (result.ok) {
        setImage(result.url);
        setPhotoError(null);
      } else {
        const title = result.status === 413 ? messages.tooLarge : result.status === 415 ? messages.notImage : messages.uploadFailed;
        setPhotoError(title);
        toast({ title, description: title === messages.uploadFailed ? undefined : messages.uploadFailed, variant: "destructive" });
      }
    }
    if (fileInput.current) fileInput.current.value = "";
  }

  const busy = saving || uploading;
  return (
    <Modal
      onClose={onDone}
      title={therapist ? "Edit Therapist" : "Add New Therapist"}
      description="Fields marked * are required."
      closeLabel="Close"
      footer={
        <FormDialogFooter formId={form.id} onCancel={onDone} cancelLabel="Cancel" saving={saving} disabled={uploading} label={therapist ? "Save Changes" : "Add Therapist"} />
      }
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5">
        <RecordFormFields record={therapist} conflict={conflict} reload={reload} reloading={reloading} />
        <input type="hidden" name={fields.image.name} value={image} />

        <div className="grid gap-4 sm:grid-cols-[9rem_1fr] sm:items-start">
          <div className="w-36 overflow-hidden rounded-2xl">
            {image ? (
              <img src={image} alt="Photo preview" width={144} height={144} className="aspect-square w-full bg-teal-50 object-cover" />
            ) : (
              <div className="grid aspect-square w-full place-items-center bg-teal-50 text-xs text-ink-500">No photo</div>
            )}
          </div>
          <div className="grid gap-2">
            <p className="text-sm font-medium" id="therapist-photo-label">
              Photo
            </p>
            <p className="text-xs text-ink-500">JPEG, PNG, WebP or AVIF, less than 5MB. It is converted to WebP.</p>
            <div className="flex flex-wrap gap-2">
              <label className={`btn btn-secondary cursor-pointer ${busy ? "pointer-events-none opacity-60" : ""}`}>
                {uploading ? <Spinner /> : <ImagePlus aria-hidden className="size-4" />}
                {uploading ? "Uploading..." : image ? "Change photo" : "Upload photo"}
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/avif"
                  className="sr-only"
                  aria-labelledby="therapist-photo-label"
                  aria-describedby={imageError ? "therapist-photo-error" : undefined}
                  disabled={busy}
                  onChange={(event) => void onPhoto(event.target.files?.[0])}
                />
              </label>
              {image ? (
                <button type="button" className="btn btn-secondary" onClick={() => setImage("")} disabled={busy}>
                  <Trash2 aria-hidden className="size-4" />
                  Remove photo
                </button>
              ) : null}
            </div>
            <FieldError id="therapist-photo-error" error={imageError} />
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Name" field={fields.name} />
          <InputField label="Role" field={fields.role} />
          <InputField label="Specialization" field={fields.specialization} />
          <InputField label="Experience" field={fields.experience} />
          <InputField label="Registration number (Albo n°)" field={fields.registration_number} />
        </div>

        <Field label="Description" field={fields.description}>
          <textarea {...getTextareaProps(fields.description)} rows={3} className="field" />
        </Field>
        <Field label="Biography" field={fields.biography}>
          <textarea {...getTextareaProps(fields.biography)} rows={5} className="field" />
        </Field>

        <div className="grid gap-4 sm:grid-cols-2">
          <ChipListField field={fields.qualifications} label="Qualifications" values={qualifications} onChange={setQualifications} />
          <ChipListField field={fields.approaches} label="Approaches" values={approaches} onChange={setApproaches} />
        </div>
      </fetcher.Form>
    </Modal>
  );
}

/** A list typed entry by entry, with its first message: about the list, or about one entry (`qualifications[3]`). */
function ChipListField({
  field,
  label,
  values,
  onChange,
}: {
  field: { name: string; errorId: string; errors?: string[]; allErrors: Record<string, string[]> };
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
}) {
  const error = firstError(field.errors) ?? firstError(Object.values(field.allErrors).flat());
  return (
    <div className="grid content-start gap-1">
      <ChipInput name={field.name} label={label} values={values} onChange={onChange} placeholder="Type and press Enter" errorId={field.errorId} invalid={Boolean(error)} />
      <FieldError id={field.errorId} error={error} />
    </div>
  );
}
