import type { Route } from "./+types/auth";
import { proofOfWorkMessages } from "~/domain/proof-of-work";
import { auth } from "~/server/auth.server";
import { jsonResponse } from "~/server/http/endpoint.server";
import { outageInsteadOfServerError } from "~/server/outage.server";
import { acceptProofOfWork, proofOfWorkOf } from "~/server/proof-of-work.server";

/** better-auth's endpoints (sign-in, sign-out, two-factor, magic link, password reset...). */
export const loader = async ({ request, context }: Route.LoaderArgs) =>
  outageInsteadOfServerError(context.db, request, "api/auth", await auth(context.db, request).handler(request));

export async function action({ request, context }: Route.ActionArgs) {
  // Sign-up creates an account and e-mails any address: as on the widget, it takes a solved anti-spam challenge.
  if (new URL(request.url).pathname.endsWith("/sign-up/email")) {
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => null);
    if (!(await acceptProofOfWork(context.db, proofOfWorkOf(request, body)))) return jsonResponse(400, { error: proofOfWorkMessages.failed });
  }
  return outageInsteadOfServerError(context.db, request, "api/auth", await auth(context.db, request).handler(request));
}
