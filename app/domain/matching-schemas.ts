import { z } from "~/domain/zod";
import { messages } from "./matching-types";
import { adultMessages, isTicked } from "./minors";

/**
 * The payloads of the matching page, the call page and the test page, shared by the forms
 * (progressive enhancement) and the JSON endpoints. Messages are the spec's Italian strings.
 */

const invalidEmail = "Inserisci un indirizzo email valido.";
const invalidPhone = "Inserisci un numero di telefono valido.";

const emailField = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(254, invalidEmail).pipe(z.email(invalidEmail));

/** Non-empty after trimming (the spec); a few digits at least, so a typo is caught early. */
const phoneField = z
  .string({ error: messages.phoneRequired })
  .trim()
  .min(1, messages.phoneRequired)
  .max(30, invalidPhone)
  .regex(/^\+?[\d\s().\-/]+$/, invalidPhone)
  .refine((value) => value.replace(/\D/g, "").length >= 6, invalidPhone);

const optionalName = z.string().trim().max(100).optional();

/** The access token that proves the address (DESIGN §13); a malformed one counts as absent. */
const accessToken = z.string().trim().max(200).optional().catch(undefined);

/**
 * `{email, selectedTherapist}` for a selection; the spec's call request adds
 * `{"{name}CallRequested": true, "{name}Phone": "…"}`, where {name} is the person's name, so any
 * key ending in CallRequested / Phone is read. groupId (precise choice) and callSlot are ours.
 */
export const groupSelectionSchema = z
  .looseObject({
    email: emailField(messages.emailRequired),
    selectedTherapist: z.string({ error: "Scegli un gruppo." }).trim().min(1, "Scegli un gruppo.").max(200),
    groupId: z.uuid().optional(),
    name: optionalName,
    callSlot: z.iso.datetime({ offset: true }).optional(),
    token: accessToken,
  })
  .transform((value, context) => {
    let callRequested = false;
    let phone: string | undefined;
    for (const [key, entry] of Object.entries(value)) {
      if (key.endsWith("CallRequested") && (entry === true || entry === "true")) callRequested = true;
      else if (key.endsWith("Phone") && typeof entry === "string") phone = entry;
    }
    if (callRequested || value.callSlot) {
      const parsed = phoneField.safeParse(phone ?? "");
      if (!parsed.success) context.addIssue({ code: "custom", path: ["phone"], message: parsed.error.issues[0]?.message ?? messages.phoneRequired });
      // The call is for adults: "Confermo di avere almeno 18 anni" (`adult`) must be ticked.
      if (!isTicked(value.adult)) context.addIssue({ code: "custom", path: ["adult"], message: adultMessages.required });
      if (!parsed.success || !isTicked(value.adult)) return z.NEVER;
      phone = parsed.data;
    }
    return {
      email: value.email,
      selectedTherapist: value.selectedTherapist,
      groupId: value.groupId,
      name: value.name,
      callSlot: value.callSlot,
      token: value.token,
      call: callRequested || value.callSlot ? { phone: phone! } : undefined,
    };
  });

export type GroupSelectionInput = z.infer<typeof groupSelectionSchema>;

export const waitlistSchema = z.object({
  email: emailField(messages.emailRequired),
  groupId: z.uuid().optional(),
  token: accessToken,
});

export const callSlotSchema = z.object({
  email: emailField(messages.emailRequired),
  name: optionalName,
  phone: phoneField,
  adult: z.preprocess(isTicked, z.literal(true, { error: adultMessages.required })),
  start: z.iso.datetime({ offset: true, error: messages.slotInvalid }),
  token: accessToken,
});

export const testFollowupSchema = z.object({
  email: emailField("Inserisci il tuo indirizzo email."),
  name: z.string({ error: "Inserisci il tuo nome." }).trim().min(1, "Inserisci il tuo nome.").max(100),
});

/** The key prefix of the spec's call fields: the person's name, letters and digits only. */
export function callKeyPrefix(name: string | null | undefined) {
  return (name ?? "").normalize("NFD").replace(/[^A-Za-z0-9]/g, "") || "user";
}
