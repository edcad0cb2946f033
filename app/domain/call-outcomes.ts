import { z } from "./zod";
import { labelled } from "./labelled";

/**
 * The intake call's outcome, recorded by its therapist after the call (issue 30 points 3 and 5):
 * what it decides for the person's path, and the risk level seen. High risk forces "not suitable
 * for a group now" and raises a safety alert.
 */
export const [callOutcomes, callOutcomeLabels] = labelled({
  suitable: "Adattə al gruppo scelto",
  suitable_other: "Adattə a un altro gruppo",
  not_suitable: "Per ora non adattə a un gruppo",
  no_show: "Non si è presentatə",
});
export type CallOutcome = (typeof callOutcomes)[number];

export const [riskLevels, riskLevelLabels] = labelled({ none: "Nessuno", low: "Basso", moderate: "Moderato", high: "Alto" });
export type RiskLevel = (typeof riskLevels)[number];

export const [referralReasons, referralReasonLabels] = labelled({
  individual_therapy: "Percorso individuale",
  public_services: "Servizi pubblici (consultorio, centro di salute mentale)",
  urgent_care: "Cura urgente",
});
export type ReferralReason = (typeof referralReasons)[number];

/** What "not suitable" tells the person, kindly, per reason. */
export const referralAdvice: Record<ReferralReason, string> = {
  individual_therapy: "In questo momento ti può essere più utile un percorso individuale, con unə terapeuta che segua solo te.",
  public_services:
    "In questo momento ti possono essere più utili i servizi pubblici del tuo territorio: il consultorio familiare o il centro di salute mentale della tua ASL, a cui puoi rivolgerti anche tramite il tuo medico di base.",
  urgent_care: "In questo momento è importante che tu riceva un aiuto più vicino e immediato di un gruppo online.",
};

export const REFERRAL_NOTE_MAX = 2000;

/** The form on the call's page. High risk is checked against the outcome (refineOutcome). */
export const callOutcomeSchema = z
  .object({
    intent: z.literal("outcome"),
    outcome: z.enum(callOutcomes, { error: "Scegli l'esito della chiamata." }),
    riskLevel: z.enum(riskLevels, { error: "Indica il livello di rischio." }),
    groupId: z.guid({ error: "Scegli il gruppo." }).optional(),
    referralReason: z.enum(referralReasons, { error: "Scegli il motivo." }).optional(),
    referralNote: z
      .string()
      .trim()
      .max(REFERRAL_NOTE_MAX, { error: `Al massimo ${REFERRAL_NOTE_MAX} caratteri.` })
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.riskLevel === "high" && input.outcome !== "not_suitable")
      ctx.addIssue({ code: "custom", path: ["outcome"], message: "Con rischio alto l'esito è «Per ora non adattə a un gruppo»." });
    if (input.outcome === "suitable_other" && !input.groupId) ctx.addIssue({ code: "custom", path: ["groupId"], message: "Scegli il gruppo." });
    if (input.outcome === "not_suitable" && !input.referralReason) ctx.addIssue({ code: "custom", path: ["referralReason"], message: "Scegli il motivo." });
    if (input.outcome === "not_suitable" && !input.referralNote)
      ctx.addIssue({ code: "custom", path: ["referralNote"], message: "Scrivi un'indicazione per la persona (a chi rivolgersi)." });
  });
export type CallOutcomeInput = z.infer<typeof callOutcomeSchema>;
