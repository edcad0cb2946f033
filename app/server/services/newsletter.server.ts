import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { newsletterMessages } from "~/domain/newsletter-messages";
import type { Database } from "../db/client.server";
import { consentRecords, newsletterSubscribers } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { NewsletterConfirm, NewsletterWelcome } from "../mail/templates";

type Tx = Pick<Database, "insert" | "select" | "update" | "execute">;

const token = () => randomBytes(24).toString("base64url");

export const NEWSLETTER_TEXT_VERSION = "newsletter-2025-04-13";

/**
 * Double opt-in: a new (or previously unsubscribed) address becomes pending and gets a
 * confirmation link; an already confirmed address is left as it is, with the same answer.
 * Signing up again while pending re-sends the same link, so the first e-mail's link keeps working.
 */
export async function subscribe(tx: Tx, email: string, source = "website") {
  const normalized = email.trim().toLowerCase();
  // One row per address even when sign-ups of the same address arrive in parallel.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`newsletter:${normalized}`}))`);
  const [existing] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, normalized));
  if (existing?.status === "confirmed") return { status: "confirmed" as const, message: newsletterMessages.subscribed };
  const confirmToken = existing?.status === "pending" ? existing.confirmToken : token();
  if (existing?.status === "unsubscribed") {
    await tx.update(newsletterSubscribers).set({ status: "pending", confirmToken, unsubscribedAt: null }).where(eq(newsletterSubscribers.id, existing.id));
  } else if (!existing) {
    await tx.insert(newsletterSubscribers).values({ email: normalized, confirmToken, unsubscribeToken: token(), source });
  }
  await enqueueEmails(tx, [
    {
      to: normalized,
      subject: "Conferma la tua iscrizione alla newsletter",
      template: "newsletter-confirm",
      body: emailBody(NewsletterConfirm, { confirmUrl: `${publicBaseUrl()}/newsletter/conferma/${confirmToken}` }),
    },
  ]);
  return { status: "pending" as const, message: newsletterMessages.subscribed };
}

/**
 * Confirms a pending address once: the consent and the welcome e-mail are written by the first
 * click only; a second click on the same link answers the same without sending anything again.
 * The link of an address that has since unsubscribed no longer subscribes it.
 */
export async function confirmSubscription(db: Database, confirmToken: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ status: "confirmed", confirmedAt: sql`now()` })
      .where(and(eq(newsletterSubscribers.confirmToken, confirmToken), eq(newsletterSubscribers.status, "pending")))
      .returning();
    if (!row) {
      const [confirmed] = await tx
        .select()
        .from(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.confirmToken, confirmToken), eq(newsletterSubscribers.status, "confirmed")));
      return confirmed;
    }
    await tx.insert(consentRecords).values({ email: row.email, form: "newsletter", consent: "newsletter", textVersion: NEWSLETTER_TEXT_VERSION });
    await enqueueEmails(tx, [
      {
        to: row.email,
        subject: "Iscrizione confermata",
        template: "newsletter-welcome",
        body: emailBody(NewsletterWelcome, { unsubscribeUrl: `${publicBaseUrl()}/newsletter/disiscrivi/${row.unsubscribeToken}` }),
      },
    ]);
    return row;
  });
}

/**
 * What a newsletter link opens to, read without changing anything (link scanners open it too): `open`
 * shows the button, `used` says it was already done (a link opened again), `invalid` an unknown link
 * or a confirmation link of an address that has since unsubscribed.
 */
export async function newsletterLinkState(db: Database, intent: "conferma" | "disiscrivi", token: string): Promise<"open" | "used" | "invalid"> {
  const column = intent === "conferma" ? newsletterSubscribers.confirmToken : newsletterSubscribers.unsubscribeToken;
  const [row] = await db.select({ status: newsletterSubscribers.status }).from(newsletterSubscribers).where(eq(column, token));
  if (!row) return "invalid";
  if (intent === "conferma") return row.status === "pending" ? "open" : row.status === "confirmed" ? "used" : "invalid";
  return row.status === "unsubscribed" ? "used" : "open";
}

export async function unsubscribe(db: Database, unsubscribeToken: string) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: sql`now()` })
    .where(eq(newsletterSubscribers.unsubscribeToken, unsubscribeToken))
    .returning();
  return row;
}
