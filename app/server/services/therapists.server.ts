import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { therapists } from "../db/schema";

/** The public projection of a therapist (the spec's `therapists_public`): no private fields. */
const publicTherapistColumns = {
  id: therapists.id,
  name: therapists.name,
  role: therapists.role,
  specialization: therapists.specialization,
  experience: therapists.experience,
  description: therapists.description,
  biography: therapists.biography,
  image: therapists.image,
  registrationNumber: therapists.registrationNumber,
  qualifications: therapists.qualifications,
  approaches: therapists.approaches,
  createdAt: therapists.createdAt,
};

export function listPublicTherapists(db: Database, limit?: number) {
  const query = db.select(publicTherapistColumns).from(therapists).orderBy(desc(therapists.createdAt), therapists.name);
  return limit ? query.limit(limit) : query;
}

export async function findPublicTherapist(db: Database, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select(publicTherapistColumns).from(therapists).where(eq(therapists.id, id));
  return row;
}
