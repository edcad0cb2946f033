import type { Route } from "./+types/altcha-challenge";
import { jsonResponse } from "~/server/http/endpoint.server";
import { createProofOfWorkChallenge } from "~/server/proof-of-work.server";

/** GET: a fresh anti-spam challenge for the forms' invisible proof of work (never cached: each is used once). */
export async function loader(_args: Route.LoaderArgs) {
  return jsonResponse(200, await createProofOfWorkChallenge());
}
