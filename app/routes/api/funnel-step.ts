import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Route } from "./+types/funnel-step";
import { QUESTIONNAIRE_STEPS } from "~/content/site";
import { publicEndpoint } from "~/server/http.server";

/** Anonymous funnel counter: which questionnaire step was reached, per day. No identifiers stored. */
export const action = (args: Route.ActionArgs) =>
  publicEndpoint({
    scope: "funnel-step",
    schema: z.object({ step: z.number().int().min(1).max(QUESTIONNAIRE_STEPS) }),
    rateLimit: { limit: 120, windowSeconds: 600 },
    // An anonymous counter sent as a beacon on every step: nothing personal to protect, no challenge to wait for.
    proofOfWork: false,
    async handle(tx, { step }) {
      await tx.execute(sql`
        insert into funnel_steps (day, step, count) values ((now() at time zone 'Europe/Rome')::date, ${step}, 1)
        on conflict (day, step) do update set count = funnel_steps.count + 1`);
      return { status: 200, body: { ok: true } };
    },
  })(args);
