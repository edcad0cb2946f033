import type { Route } from "./+types/send-registration-confirmation";
import { registrationSchema } from "~/domain/registration";
import { publicEndpoint } from "~/server/http/endpoint.server";
import { registerParticipant } from "~/server/services/registrations.server";

export const action = (args: Route.ActionArgs) =>
  publicEndpoint({
    scope: "send-registration-confirmation",
    schema: registrationSchema,
    rateLimit: { limit: 5, windowSeconds: 600 },
    async handle(tx, input) {
      const row = await registerParticipant(tx, input);
      return { status: 201, body: { id: row.id } };
    },
  })(args);
