import { z } from "zod";
import type { Route } from "./+types/funnel-step";
import { QUESTIONNAIRE_STEPS } from "~/content/site";
import { publicEndpoint } from "~/server/http/endpoint.server";
import { countFunnelStep } from "~/server/services/funnel.server";

/** Anonymous funnel counter: which questionnaire step was reached, per day. No identifiers stored. */
export const action = (args: Route.ActionArgs) =>
  publicEndpoint({
    scope: "funnel-step",
    schema: z.object({ step: z.number().int().min(1).max(QUESTIONNAIRE_STEPS) }),
    rateLimit: { limit: 120, windowSeconds: 600 },
    // An anonymous counter sent as a beacon on every step: nothing personal to protect, no challenge to wait for.
    proofOfWork: false,
    async handle(tx, { step }) {
      await countFunnelStep(tx, step);
      return { status: 200, body: { ok: true } };
    },
  })(args);
