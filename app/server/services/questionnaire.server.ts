import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { legalVersions } from "~/content/site";
import type { QuestionnaireAnswers } from "~/domain/questionnaire";
import { insertRows, type Database } from "../db/client.server";
import { consentRecords, questionnaireResponses } from "../db/schema";
import { seal } from "../crypto.server";
import { jobsInsert } from "../jobs.server";
import { outboxInsert, outboxRows, emailBody, staffEmail } from "../mail/outbox.server";
import { QuestionnaireResult, QuestionnaireResultMinor } from "../mail/templates";
import { isMinor } from "~/domain/minors";
import { groupsPageUrl } from "./bookings.server";
import { followupJobs } from "./followups.server";
import { accessTokenInsert, tokenOf } from "./identity.server";
import { subscribe } from "./newsletter.server";

type Tx = Pick<Database, "insert" | "select" | "update" | "execute">;

interface SubmissionMeta {
  source?: string;
  utm?: Record<string, string>;
}

/** The answers that are health data (GDPR art. 9): kept together in one document. */
function healthAnswers(answers: QuestionnaireAnswers) {
  const { name: _name, email: _email, age: _age, gender: _gender, city: _city, privacy_consent: _consent, ...rest } = answers;
  return rest;
}

/** The newsletter sign-up reads the address's subscription first: that submission needs a transaction. */
export const subscribesToNewsletter = (answers: QuestionnaireAnswers) => answers.newsletter_subscription === "yes";

/** The newsletter's double opt-in for a questionnaire that asked for it, in the caller's transaction. */
export async function subscribeFromQuestionnaire(tx: Tx, answers: QuestionnaireAnswers) {
  if (subscribesToNewsletter(answers)) await subscribe(tx, answers.email, "questionnaire");
}

/**
 * A completed questionnaire with its consent, the e-mail with the link to the recommended groups
 * and the staff notification, and the three follow-ups at 1, 3 and 7 days (skipped once the person
 * books or unsubscribes), composed without reading the database. Someone under 18 is recommended no
 * group: their e-mail says why and links the same page (where to turn), and no follow-up is scheduled. The five writes are returned, not
 * run: the caller sends them as one statement (`publicEndpoint` does, with the answer it stores for
 * retries), as a submission is the busiest write of the site.
 */
export async function questionnaireSubmission(answers: QuestionnaireAnswers, meta: SubmissionMeta) {
  const email = answers.email.toLowerCase();
  const response = { id: randomUUID(), createdAt: new Date() };
  // The capability that proves this person from now on: in the answer (redirect) and in the e-mailed link.
  const tokenId = randomUUID();
  const minor = isMinor(answers.age);
  const groupsUrl = groupsPageUrl(answers.email, answers.name, tokenOf(tokenId));
  const emails = await outboxRows([
    minor
      ? {
          to: answers.email,
          subject: "Grazie per le tue risposte",
          template: "questionnaire-result-minor",
          body: emailBody(QuestionnaireResultMinor, { name: answers.name, pageUrl: groupsUrl }),
        }
      : { to: answers.email, subject: "I gruppi consigliati per te", template: "questionnaire-result", body: emailBody(QuestionnaireResult, { name: answers.name, groupsUrl }) },
    staffEmail({
      subject: `Nuovo questionario: ${answers.name}`,
      template: "questionnaire-staff",
      // No health data in the notification: staff read the answers in the admin area.
      title: "Un nuovo questionario è stato compilato",
      person: answers,
      rows: [
        ["Fascia d'età", answers.age],
        ["Città", answers.city],
        ["Orario preferito", answers.time_preference],
      ],
    }),
  ]);
  const writes = [
    insertRows(
      questionnaireResponses,
      [
        {
          ...response,
          name: answers.name,
          email,
          age: answers.age,
          gender: answers.gender,
          city: answers.city,
          answers: seal(healthAnswers(answers)),
          timePreference: answers.time_preference,
          sourceDiscovery: answers.source_discovery,
          newsletterSubscription: answers.newsletter_subscription,
          privacyConsent: answers.privacy_consent,
          status: "completed",
          source: meta.source ?? "website",
          utm: meta.utm && Object.keys(meta.utm).length ? meta.utm : null,
        },
      ],
      { expressions: { consentAt: sql`now()` } },
    ),
    accessTokenInsert(tokenId, answers.email, response.id),
    insertRows(consentRecords, [
      { email, form: "questionnaire", consent: "privacy-health-data", textVersion: legalVersions.privacy.version },
      { email, form: "questionnaire", consent: "terms", textVersion: legalVersions.terms.version },
    ]),
    outboxInsert(emails),
    ...(minor ? [] : [jobsInsert(followupJobs(response))]),
  ];
  return { ...response, tokenId, writes };
}
