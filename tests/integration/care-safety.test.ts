import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { adultMessages } from "../../app/domain/minors";
import HelpNow, { meta as helpMeta } from "../../app/routes/aiuto-subito";
import GroupsMatchingPage, { loader as matchingLoader } from "../../app/routes/gruppi-matching";
import { loader as groupsApi } from "../../app/routes/api/groups";
import { action as callSlotsAction } from "../../app/routes/api/call-slots";
import { action as joinWaitlist } from "../../app/routes/api/waitlist";
import { action as register } from "../../app/routes/api/send-registration-confirmation";
import { consentRecords, intakeCalls, groupBookings, groupWaitlist, jobs, questionnaireResponses, registrations } from "../../app/server/db/schema";
import { HttpError } from "../../app/server/http/errors.server";
import { confirmRequest } from "../../app/server/services/person-requests.server";
import ClientLayout from "../../app/routes/client/layout";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import { action as updateGroupSelection } from "../../app/routes/api/update-group-selection";
import type { Database } from "../../app/server/db/client.server";
import { testDatabase } from "./database";
import { accessTokenFor, confirmedMembers, postJson, queuedMail, therapistWithGroup, validAnswers, validRegistration } from "./helpers";
import { answer, pageRequest, renderedRoute, routeCaller } from "./route-calls";

/**
 * Care and safety (issue 30 points 4 and 5): "Hai bisogno di aiuto subito?" linked from the client
 * area and from every e-mail to a person; groups only for adults.
 */

beforeAll(() => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-care-safety-"));
});

const HELP_URL = "http://localhost:3000/aiuto-subito";

async function submit(db: Database, email: string, overrides: Record<string, unknown> = {}) {
  const result = await postJson(submitQuestionnaire, db, { ...validAnswers, email, ...overrides });
  expect(result.status).toBe(201);
}

describe("Hai bisogno di aiuto subito?", () => {
  it("is a public page with the emergency number 112, the helplines, and the site's title, description and JSON-LD", () => {
    const html = renderedRoute(HelpNow, "/aiuto-subito");
    expect(html).toContain("Hai bisogno di aiuto subito?");
    expect(html).toContain('href="tel:112"');
    expect(html).toContain("Chiama il <!-- -->112");
    for (const number of ["02 2327 2327", "19696", "1522"]) expect(html).toContain(number);
    const tags = helpMeta() as Record<string, unknown>[];
    expect(tags.find((tag) => "title" in tag)?.title).toMatch(/^Hai bisogno di aiuto subito\?/);
    expect(tags.find((tag) => tag.name === "description")?.content).toContain("112");
    expect(tags.some((tag) => "script:ld+json" in tag)).toBe(true);
    expect(tags.some((tag) => tag.name === "robots")).toBe(false);
  });

  it("is linked from every page of the client area, signed in or not", () => {
    for (const signedIn of [true, false]) {
      const html = renderedRoute(ClientLayout, "/area-personale", { signedIn, email: signedIn ? "utente@example.com" : null });
      expect(html, String(signedIn)).toContain('href="/aiuto-subito"');
    }
  });

  it("is linked from the html and the text of an e-mail to a person, not from a notice to staff", async () => {
    const db = await testDatabase();
    const { therapist } = await therapistWithGroup(db, { name: "Lia Aiuto" }, { name: "Aiuto", timeSlot: "Sera", ageMin: 18, ageMax: 60 });
    await submit(db, "aiuto@example.com");
    const selected = await postJson(updateGroupSelection, db, {
      email: "aiuto@example.com",
      selectedTherapist: therapist!.name,
      token: await accessTokenFor(db, "aiuto@example.com"),
    });
    expect(selected.status).toBe(201);
    const mail = await queuedMail(db);
    const toPerson = mail.find((row) => row.template === "booking-requested");
    expect(toPerson?.html).toContain(`href="${HELP_URL}"`);
    expect(toPerson?.text).toContain(HELP_URL);
    expect(toPerson?.text).toContain("112");
    const toStaff = mail.find((row) => row.template === "booking-staff");
    expect(toStaff?.html).not.toContain(HELP_URL);
  });
});

let db: Database;
const call = routeCaller(() => ({ db, clientIp: "198.51.100.30", cspNonce: "" }));

/** A minor (questionnaire answered "Meno di 18") and an open adult group with free seats. */
async function minorAndGroup(email: string) {
  db = await testDatabase();
  const { therapist, group } = await therapistWithGroup(db, { name: `Dott.ssa ${email}` }, { name: "Serate", timeSlot: "Sera", ageMin: 18, ageMax: 99 });
  await submit(db, email, { age: "Meno di 18", name: "Luca" });
  return { therapist: therapist!, group: group!, token: await accessTokenFor(db, email) };
}

const bookingsOf = async (email: string) => (await db.select().from(groupBookings).where(eq(groupBookings.email, email))).length;

describe("a questionnaire answered 'Meno di 18'", () => {
  it("is stored as given, but the matching page and /api/groups recommend no group and say why", async () => {
    const { token } = await minorAndGroup("luca@example.com");
    const [stored] = await db.select({ age: questionnaireResponses.age }).from(questionnaireResponses).where(eq(questionnaireResponses.email, "luca@example.com"));
    expect(stored?.age).toBe("Meno di 18");

    const page = answer(await call(matchingLoader, pageRequest(`/gruppi-matching?token=${token}`))).body;
    expect(page).toMatchObject({ status: "ready", minor: true, hasResponse: true, cards: [] });

    const api = (await (await call<Response>(groupsApi, pageRequest(`/api/groups?token=${token}`))).json()) as Record<string, unknown>;
    expect(api).toMatchObject({ groups: [], minor: true });
    expect(api.notice).toContain("consenso di un genitore");

    // The e-mail recommends no group either: it says why and links the same page; no follow-up urging a group or a call.
    const mailTo = async (to: string) => (await queuedMail(db)).filter((message) => message.to === to);
    const [minorMail, ...more] = await mailTo("luca@example.com");
    expect(more).toEqual([]);
    expect(minorMail).toMatchObject({ subject: "Grazie per le tue risposte", template: "questionnaire-result-minor" });
    expect(minorMail!.text).toContain("consenso di un genitore");
    expect(minorMail!.text).not.toMatch(/gruppi consigliati|più adatti a te/);
    expect(minorMail!.html).toMatch(/\/gruppi-matching\?[^"]*token=/);
    const followups = async (email: string) => {
      const [response] = await db.select({ id: questionnaireResponses.id }).from(questionnaireResponses).where(eq(questionnaireResponses.email, email));
      return (await db.select().from(jobs).where(eq(jobs.type, "followup.send"))).filter((job) => (job.payload as { responseId?: string }).responseId === response!.id).length;
    };
    expect(await followups("luca@example.com")).toBe(0);

    // An adult with the same groups still gets them.
    await submit(db, "adulta@example.com");
    expect((await mailTo("adulta@example.com")).map((message) => message.subject)).toEqual(["I gruppi consigliati per te"]);
    expect(await followups("adulta@example.com")).toBe(3);
    const adult = answer(await call(matchingLoader, pageRequest(`/gruppi-matching?token=${await accessTokenFor(db, "adulta@example.com")}`))).body;
    expect(adult).toMatchObject({ minor: false });
    expect((adult.cards as unknown[]).length).toBeGreaterThan(0);
  });

  it("renders the page with the explanation, where to turn and no group to choose, whatever the link asked for", async () => {
    const { token, group } = await minorAndGroup("luca.pagina@example.com");
    for (const query of [`token=${token}`, `token=${token}&show_call=true&therapist=x&group=${group.id}`]) {
      const loaderData = answer(await call(matchingLoader, pageRequest(`/gruppi-matching?${query}`))).body;
      const html = renderedRoute(GroupsMatchingPage, "/gruppi-matching", loaderData);
      expect(html, query).toContain("I nostri gruppi sono per persone adulte");
      expect(html, query).toContain("consenso di un genitore o di chi ne fa le veci");
      for (const place of ["pediatra", "consultorio familiare", "Neuropsichiatria dell&#x27;infanzia", "19696", "112"]) expect(html, `${query} ${place}`).toContain(place);
      expect(html, query).not.toContain("Serate");
      expect(html, query).not.toContain("Richiedi la chiamata gratuita");
    }
  });

  it("can book neither a group, nor the call, nor a slot, nor a waiting list, with a clear message", async () => {
    const email = "luca.prenota@example.com";
    const { therapist, group, token } = await minorAndGroup(email);
    const attempts = [
      await postJson(updateGroupSelection, db, { email, selectedTherapist: therapist.name, groupId: group.id, token }),
      await postJson(updateGroupSelection, db, { email, selectedTherapist: therapist.name, token, LucaCallRequested: true, LucaPhone: "333 123 4567", adult: true }),
      await postJson(joinWaitlist, db, { email, groupId: group.id, token }),
    ];
    // Refused before the time is even looked at.
    attempts.push(await postJson(callSlotsAction, db, { email, name: "Luca", phone: "333 000 1111", adult: true, start: new Date(Date.now() + 86_400_000).toISOString(), token }));
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.error).toBe(adultMessages.refused);
    }
    expect(await bookingsOf(email)).toBe(0);
    expect(await db.select().from(groupWaitlist).where(eq(groupWaitlist.email, email))).toHaveLength(0);
    expect(await db.select().from(intakeCalls).where(eq(intakeCalls.email, email))).toHaveLength(0);
  });

  it("without a token, is refused on the click of the e-mailed link, and nothing is booked", async () => {
    const email = "luca.link@example.com";
    const { therapist, group } = await minorAndGroup(email);
    const asked = await postJson(updateGroupSelection, db, { email, selectedTherapist: therapist.name, groupId: group.id });
    expect(asked.status).toBe(202);
    const link = (await queuedMail(db)).find((mail) => mail.to === email && /conferma-richiesta\/([\w-]+)/.test(mail.text));
    const secret = /conferma-richiesta\/([\w-]+)/.exec(link!.text)![1]!;
    const refused = await db.transaction((tx) => confirmRequest(tx, secret)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 403, message: adultMessages.refused });
    expect(await bookingsOf(email)).toBe(0);
  });
});

describe("the 18+ confirmation", () => {
  const registration = (email: string, adult?: boolean) => {
    const { adult: _declared, ...rest } = validRegistration(email);
    return adult === undefined ? rest : { ...rest, adult };
  };

  it("is required to register, with its message on the field, and stored with the consents", async () => {
    db = await testDatabase();
    for (const adult of [undefined, false]) {
      const refused = await postJson(register, db, registration("senza18@example.com", adult));
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({ adult: adultMessages.required });
    }
    expect(await db.select().from(registrations).where(eq(registrations.email, "senza18@example.com"))).toHaveLength(0);
    expect(await db.select().from(consentRecords).where(eq(consentRecords.email, "senza18@example.com"))).toHaveLength(0);

    expect((await postJson(register, db, registration("con18@example.com", true))).status).toBe(201);
    const declared = await db.select().from(consentRecords).where(eq(consentRecords.email, "con18@example.com"));
    expect(declared.filter((row) => row.consent === "maggiorenne").map((row) => row.form)).toEqual(["registration"]);
  });

  it("is required to ask for the call or book a slot, and stored with the request", async () => {
    db = await testDatabase();
    const { therapist } = await therapistWithGroup(db, { name: "Ada Chiamata" }, { name: "Chiamate", timeSlot: "Sera", ageMin: 18, ageMax: 99 });
    await submit(db, "chiama@example.com");
    const token = await accessTokenFor(db, "chiama@example.com");
    const callRequest = { email: "chiama@example.com", selectedTherapist: therapist!.name, token, GiuliaCallRequested: true, GiuliaPhone: "333 123 4567" };

    const refused = await postJson(updateGroupSelection, db, callRequest);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ adult: adultMessages.required });
    const slotRefused = await postJson(callSlotsAction, db, { email: "chiama@example.com", phone: "333 000 1111", start: new Date(Date.now() + 86_400_000).toISOString(), token });
    expect(slotRefused.status).toBe(400);
    expect((slotRefused.body.fields as Record<string, string>).adult).toBe(adultMessages.required);
    expect(await bookingsOf("chiama@example.com")).toBe(0);

    const accepted = await postJson(updateGroupSelection, db, { ...callRequest, adult: true });
    expect(accepted.status).toBe(200);
    const declared = await db.select().from(consentRecords).where(eq(consentRecords.email, "chiama@example.com"));
    expect(declared.filter((row) => row.consent === "maggiorenne").map((row) => row.form)).toEqual(["call"]);
  });
});

describe("the matching page (issue 34)", () => {
  it("tells a 46-55 person plainly that no group has people of their age, and gives every card its reason", async () => {
    db = await testDatabase();
    const { group: young } = await therapistWithGroup(db, { name: "Rita Giovani" }, { name: "Giovani", timeSlot: "Mattina", ageMin: 18, ageMax: 60 });
    await confirmedMembers(db, young!, 3, "giovani");
    await submit(db, "cinquanta@example.com", { age: "46-55", name: "Franca", flexibility: ["Poco flessibile"] });
    const page = answer(await call(matchingLoader, pageRequest(`/gruppi-matching?mostra=1000&token=${await accessTokenFor(db, "cinquanta@example.com")}`))).body;
    expect(page.ageNote).toContain("non ci sono persone della tua fascia d'età (46-55)");
    const cards = page.cards as { groupId: string; reasons: string }[];
    expect(cards.map((card) => card.groupId)).toContain(young!.id);
    for (const card of cards) expect(card.reasons, card.groupId).not.toBe("");
    const html = renderedRoute(GroupsMatchingPage, "/gruppi-matching", page);
    expect(html).toContain("non ci sono persone della tua fascia d&#x27;età (46-55)");
  });
});
