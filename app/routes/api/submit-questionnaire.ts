import { z } from "zod";
import type { Route } from "./+types/submit-questionnaire";
import { questionnaireSchema, utmSchema } from "~/domain/questionnaire-schema";
import { publicEndpoint } from "~/server/http.server";
import { tokenOf } from "~/server/services/identity.server";
import { questionnaireSubmission } from "~/server/services/questionnaire.server";

const payloadSchema = questionnaireSchema.extend({
  source: z.string().trim().max(50).optional(),
  utm: utmSchema,
});

export const action = (args: Route.ActionArgs) =>
  publicEndpoint({
    scope: "submit-questionnaire",
    schema: payloadSchema,
    rateLimit: { limit: 10, windowSeconds: 600 },
    async handle(tx, { source, utm, ...answers }) {
      const submission = await questionnaireSubmission(tx, answers, { source, utm: utm as Record<string, string> | undefined });
      return { status: 201, body: { id: submission.id, tokenId: submission.tokenId }, writes: submission.writes };
    },
    // Only the token's id is stored with the Idempotency-Key; the token itself is derived from it.
    present: (body) => {
      const { id, tokenId } = body as { id: string; tokenId: string };
      return { id, token: tokenOf(tokenId) };
    },
  })(args);
