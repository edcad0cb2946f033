import { adultMessages, isMinor } from "~/domain/minors";
import type { Database } from "../db/client.server";
import { HttpError } from "../http/errors.server";
import { latestResponse } from "./groups.server";

/**
 * Groups are for adults (docs/decisions/075-groups-for-adults-only.md). The questionnaire stores
 * "Meno di 18" as the spec requires; what a person books is refused here when their newest
 * questionnaire says so, and the 18+ declaration of the registration and the call request is kept
 * with the consents.
 */

/** The version of the "Confermo di avere almeno 18 anni" declaration, kept with the consent record. */
const ADULT_DECLARATION_VERSION = "2026-11-26";

export function adultDeclaration(email: string, form: "registration" | "call") {
  return { email, form, consent: "maggiorenne", textVersion: ADULT_DECLARATION_VERSION };
}

/** 403 with the plain reason when the address's newest questionnaire answered "Meno di 18". */
export async function refuseMinor(db: Pick<Database, "select">, email: string) {
  const response = await latestResponse(db, email);
  if (isMinor(response?.age)) throw new HttpError(403, adultMessages.refused);
}
