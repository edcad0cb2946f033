import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";

/** Counts one visitor reaching questionnaire step `step` today (Italian day). No identifiers stored. */
export async function countFunnelStep(tx: Pick<Database, "execute">, step: number) {
  await tx.execute(sql`
    insert into funnel_steps (day, step, count) values ((now() at time zone 'Europe/Rome')::date, ${step}, 1)
    on conflict (day, step) do update set count = funnel_steps.count + 1`);
}
