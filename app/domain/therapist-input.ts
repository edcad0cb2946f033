import { cleanList, optionalText, requiredText } from "./form-fields";
import { z } from "./zod";

const tooLong = (max: number) => `Must be at most ${max} characters`;

/** A photo uploaded through /admin/upload: a public storage path, never an arbitrary URL. */
const photoPath = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || /^\/storage\/therapist-photos\/[a-z0-9][a-z0-9/_.-]*$/i.test(value), "Invalid photo");

// Conform reads a blank entry as missing: the empty text, which cleanList drops.
const chipList = z
  .array(z.string().max(200, tooLong(200)).default(""))
  .max(30, "At most 30 items")
  .transform(cleanList);

/** The Add/Edit Therapist form (SPEC 5, "Admin, therapists"). */
export const therapistInputSchema = z.object({
  name: requiredText("Name is required", 200, tooLong(200)),
  role: requiredText("Role is required", 200, tooLong(200)),
  specialization: requiredText("Specialization is required", 300, tooLong(300)),
  experience: requiredText("Experience is required", 200, tooLong(200)),
  description: requiredText("Description is required", 2000, tooLong(2000)),
  registration_number: optionalText(100, tooLong(100)),
  biography: optionalText(20_000, tooLong(20_000)),
  image: photoPath,
  qualifications: chipList,
  approaches: chipList,
});

export type TherapistInput = z.infer<typeof therapistInputSchema>;
