import { formErrors } from "./form-fields";
import { z } from "./zod";
import {
  answerOptions,
  fieldsOfStep,
  getStep,
  messages,
  type FieldErrors,
  type QuestionnaireAnswers,
  type QuestionnaireDraft,
  type QuestionnaireOption,
  UTM_MAX_LENGTH,
  UTM_PARAMS,
} from "./questionnaire";

/**
 * The questionnaire's answer schema, shared by the form (each step, then the whole) and the server
 * (the submission). Kept apart from the steps and options so that a page showing the questionnaire
 * paints without Zod; the form loads this module once it is on screen.
 */

/** Tags that are missing or malformed are dropped, never a reason to refuse the answers. */
export const utmSchema = z.partialRecord(z.enum(UTM_PARAMS), z.string().trim().max(UTM_MAX_LENGTH)).optional().catch(undefined);

const NAME_MAX = 100;
const CITY_MAX = 100;
/** RFC 5321 limit for a whole address. */
const EMAIL_MAX = 254;
const OTHER_MAX = 500;
const SUMMARY_MAX = 5000;

function text(min: number, max: number, minMessage: string) {
  return z.string({ error: minMessage }).trim().min(min, minMessage).max(max, messages.tooLong(max));
}

function valuesOf<const T extends readonly QuestionnaireOption[]>(list: T) {
  return list.map((option) => option.value) as unknown as readonly T[number]["value"][];
}

function singleChoice<const T extends readonly QuestionnaireOption[]>(list: T) {
  return z.enum(valuesOf(list), { error: messages.chooseOne });
}

function multiChoice<const T extends readonly QuestionnaireOption[]>(list: T) {
  return z
    .array(z.enum(valuesOf(list), { error: messages.invalidOption }), {
      error: messages.chooseAtLeastOne,
    })
    .min(1, messages.chooseAtLeastOne)
    .max(list.length, messages.invalidOption)
    .refine((values) => new Set(values).size === values.length, messages.duplicateOption);
}

const otherText = z
  .string({ error: messages.tooLong(OTHER_MAX) })
  .trim()
  .max(OTHER_MAX, messages.tooLong(OTHER_MAX))
  .optional();

/** Unknown keys are stripped (Zod's default for objects). */
export const questionnaireSchema = z.object({
  name: text(2, NAME_MAX, messages.name),
  age: singleChoice(answerOptions.age),
  gender: singleChoice(answerOptions.gender),
  city: text(2, CITY_MAX, messages.city),
  email: z.string({ error: messages.email }).trim().max(EMAIL_MAX, messages.tooLong(EMAIL_MAX)).pipe(z.email(messages.email)),
  current_situations: multiChoice(answerOptions.current_situations),
  current_situations_other: otherText,
  difficulty_frequency: singleChoice(answerOptions.difficulty_frequency),
  coping_strategies: multiChoice(answerOptions.coping_strategies),
  coping_strategies_other: otherText,
  energy_level: singleChoice(answerOptions.energy_level),
  blocked_area: singleChoice(answerOptions.blocked_area),
  blocked_area_other: otherText,
  current_situation_summary: text(10, SUMMARY_MAX, messages.summary),
  therapy_goals: multiChoice(answerOptions.therapy_goals),
  therapy_goals_other: otherText,
  previous_therapy: singleChoice(answerOptions.previous_therapy),
  comfort_level: singleChoice(answerOptions.comfort_level),
  time_preference: singleChoice(answerOptions.time_preference),
  flexibility: multiChoice(answerOptions.flexibility),
  flexibility_other: otherText,
  source_discovery: singleChoice(answerOptions.source_discovery),
  newsletter_subscription: z.enum(["yes", "no"], { error: messages.newsletter }),
  privacy_consent: z.literal(true, { error: messages.privacy }),
});

/** Errors for one step only, using the same rules as the full schema. */
export function validateStep(stepNumber: number, draft: QuestionnaireDraft): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fieldsOfStep(getStep(stepNumber))) {
    const result = questionnaireSchema.shape[field].safeParse(draft[field]);
    if (!result.success) errors[field] = result.error.issues[0]?.message ?? messages.chooseOne;
  }
  return errors;
}

export type ValidateAllResult = { success: true; data: QuestionnaireAnswers } | { success: false; errors: FieldErrors };

/** Validates a whole submission (a draft in the browser, an untrusted body on the server). */
export function validateAll(input: unknown): ValidateAllResult {
  const result = questionnaireSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const byField = Object.entries(formErrors(result.error));
  return { success: false, errors: Object.fromEntries(byField.filter(([field]) => field in questionnaireSchema.shape)) as FieldErrors };
}
