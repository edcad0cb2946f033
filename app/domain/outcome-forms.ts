import { measureQuestions } from "./outcome-measures";
import { z } from "./zod";

/**
 * The forms of the outcome-measure pages (one Zod union on `intent`): the consent decision, its
 * withdrawal, and one answer of the questionnaire (the question's field name and the value 0-3).
 */
export const outcomeAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("consent"), decision: z.enum(["granted", "declined"], { error: "Scegli se dare il consenso." }) }),
  z.object({ intent: z.literal("withdraw") }),
  z.object({
    intent: z.literal("answer"),
    key: z.enum(measureQuestions.map((question) => question.key) as [string, ...string[]], { error: "Domanda sconosciuta: ricarica la pagina." }),
    value: z.enum(["0", "1", "2", "3"], { error: "Scegli una risposta." }),
    /** "1" when the page already showed the help (item 9 above 0): the form then goes on. */
    helpShown: z.literal("1").optional(),
  }),
]);
