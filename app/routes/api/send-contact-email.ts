import type { Route } from "./+types/send-contact-email";
import { contactSchema } from "~/domain/contact";
import { publicEndpoint } from "~/server/http/endpoint.server";
import { createContact } from "~/server/services/contacts.server";

export const action = (args: Route.ActionArgs) =>
  publicEndpoint({
    scope: "send-contact-email",
    schema: contactSchema,
    rateLimit: { limit: 5, windowSeconds: 600 },
    // Without JavaScript there is no proof of work: the message is kept for staff review (docs/decisions/062).
    proofOfWork: "optional",
    unverifiedRateLimit: { limit: 3, windowSeconds: 3600 },
    async handle(tx, input, _request, verified) {
      const row = await createContact(tx, input, { verified });
      return { status: 201, body: { id: row.id, message: "Messaggio inviato!" } };
    },
  })(args);
