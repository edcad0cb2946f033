import type { Route } from "./+types/newsletter-signup";
import { newsletterSchema } from "~/domain/contact";
import { publicEndpoint } from "~/server/http/endpoint.server";
import { subscribe } from "~/server/services/newsletter.server";

export const action = (args: Route.ActionArgs) =>
  publicEndpoint({
    scope: "newsletter-signup",
    schema: newsletterSchema,
    rateLimit: { limit: 5, windowSeconds: 600 },
    async handle(tx, { email }) {
      const result = await subscribe(tx, email);
      return { status: 200, body: { message: result.message } };
    },
  })(args);
