import { z } from "zod";
import type { Route } from "./+types/submit-questionnaire";
import { questionnaireSchema, utmSchema } from "~/domain/questionnaire-schema";
import { publicEndpoint } from "~/server/http/endpoint.server";
import { tokenOf } from "~/server/services/identity.server";
import { questionnaireSubmission, subscribeFromQuestionnaire, subscribesToNewsletter } from "~/server/services/questionnaire.server";

const payloadSchema = questionnaireSchema.extend({
  source: z.string().trim().max(50).optional(),
  utm: utmSchema,
});

type Payload = z.infer<typeof payloadSchema>;

async function submitted({ source, utm, ...answers }: Payload) {
  const submission = await questionnaireSubmission(answers, { source, utm: utm as Record<string, string> | undefined });
  return { status: 201, body: { id: submission.id, tokenId: submission.tokenId }, writes: submission.writes };
}

export const action = (args: Route.ActionArgs) =>
  publicEndpoint({
    scope: "submit-questionnaire",
    schema: payloadSchema,
    rateLimit: { limit: 10, windowSeconds: 600 },
    // Without the newsletter it reads nothing: one statement, no transaction.
    compose: (payload) => (subscribesToNewsletter(payload) ? undefined : submitted(payload)),
    async handle(tx, payload) {
      await subscribeFromQuestionnaire(tx, payload);
      return submitted(payload);
    },
    // Only the token's id is stored with the Idempotency-Key; the token itself is derived from it.
    present: (body) => {
      const { id, tokenId } = body as { id: string; tokenId: string };
      return { id, token: tokenOf(tokenId) };
    },
  })(args);
