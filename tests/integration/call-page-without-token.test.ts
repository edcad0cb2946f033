import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import CallPageView, { loader as callPageLoader } from "../../app/routes/call";
import { action as updateGroupSelection } from "../../app/routes/api/update-group-selection";
import { DIRECT_CALL_LABEL, type CallSlotDay } from "../../app/domain/matching-types";
import type { Database } from "../../app/server/db/client.server";
import { groupBookings, intakeCalls } from "../../app/server/db/schema";
import { callAvailability } from "../../app/server/services/intake-calls.server";
import { confirmRequest } from "../../app/server/services/person-requests.server";
import { signedInClient } from "./client-session";
import { testDatabase } from "./database";
import { intakeTherapist, newGroup, postJson, queuedMail, validAnswers } from "./helpers";
import { pageRequest, renderedRoute, routeCaller } from "./route-calls";

/**
 * The call page without a token (decision 088): it offers every therapist who takes intake calls (it
 * reads no booking on the strength of an address), and the click on the e-mailed link books the time
 * picked from those same calendars, then links the call to the person's booking. A person signed in
 * to their area is proven by their session: the page reads their own booking and offers its therapist's
 * times, with a token so the request is booked at once from the same calendar.
 */
let db: Database;
let morningId: string;
let eveningId: string;
let groupId: string;
const call = routeCaller(() => ({ db, clientIp: "127.0.0.1", cspNonce: "" }));

beforeAll(async () => {
  db = await testDatabase({ dataDir: "call-page" });
  // The group's therapist takes calls in the mornings only; another therapist in the evenings.
  const morning = await intakeTherapist(db, { name: "Dott.ssa Mattina", email: "mattina@example.com" }, [[600, 780]]);
  const evening = await intakeTherapist(db, { name: "Dott. Sera", email: "sera@example.com" }, [[1080, 1260]]);
  morningId = morning.id;
  eveningId = evening.id;
  groupId = (await newGroup(db, morning.id, { name: "Gruppo del lunedì" })).id;
});

describe("the call page without a token", () => {
  it("an evening time picked without proof of the address is booked on the click, with the therapist who offered it, and linked to the booking", async () => {
    const email = "serale@example.com";
    expect((await postJson(submitQuestionnaire, db, { ...validAnswers, email, name: "Serena" })).status).toBe(201);
    const [booking] = await db.insert(groupBookings).values({ email, name: "Serena", groupId, therapistId: morningId }).returning();
    // What the page offers without a token: every therapist's times, evenings included.
    const days = await callAvailability(db, { groupId: null });
    const evening = days.flatMap((day) => day.slots).find((slot) => !slot.taken && slot.time >= "18:00");
    expect(evening).toBeDefined();
    // The group's own calendar has no evening: the booking alone would refuse that time.
    expect((await callAvailability(db, { groupId })).flatMap((day) => day.slots).some((slot) => slot.time >= "18:00")).toBe(false);
    const asked = await postJson(updateGroupSelection, db, {
      email,
      name: "Serena",
      selectedTherapist: DIRECT_CALL_LABEL,
      SerenaPhone: "333 111 2222",
      callSlot: evening!.start,
      adult: true,
    });
    expect(asked.status).toBe(202);
    expect(await db.select().from(intakeCalls).where(eq(intakeCalls.email, email))).toHaveLength(0);
    const link = (await queuedMail(db)).find((mail) => mail.to === email && /conferma-richiesta\/([\w-]+)/.test(mail.text));
    const secret = /conferma-richiesta\/([\w-]+)/.exec(link!.text)![1]!;
    const confirmed = await db.transaction((tx) => confirmRequest(tx, secret));
    expect(confirmed.state).toBe("done");
    const [row] = await db.select().from(intakeCalls).where(eq(intakeCalls.email, email));
    expect(row).toMatchObject({ therapistId: eveningId, bookingId: booking!.id, startsAt: new Date(evening!.start) });
  });
});

describe("the call page for a person signed in to their area", () => {
  type CallPage = { email: string | null; token: string | null; groupId: string | null; slots: CallSlotDay[]; therapistName: string | null };
  const callPage = async (query: string, cookie?: string) =>
    ((await call(callPageLoader, pageRequest(`/call-persona?${query}`, { cookie }), { callPath: "call-persona" })) as { data: CallPage }).data;
  const times = (page: CallPage) => page.slots.flatMap((day) => day.slots.map((slot) => slot.time));

  it("offers only the times of their booking's therapist and books the time at once with them; an anonymous visitor still sees everyone's", async () => {
    const email = "mattiniera@example.com";
    expect((await postJson(submitQuestionnaire, db, { ...validAnswers, email, name: "Marta" })).status).toBe(201);
    const [booking] = await db.insert(groupBookings).values({ email, name: "Marta", groupId, therapistId: morningId }).returning();
    const cookie = await signedInClient(db, email);

    const own = await callPage("name=Marta", cookie);
    expect(own).toMatchObject({ email, groupId });
    expect(own.token).toEqual(expect.any(String));
    expect(times(own).length).toBeGreaterThan(0);
    expect(times(own).every((time) => time < "13:00")).toBe(true);
    // Anyone else, even naming her address, gets every therapist's times and no token.
    const anonymous = await callPage(`name=Marta&email=${encodeURIComponent(email)}`);
    expect(anonymous).toMatchObject({ email, token: null, groupId: null });
    expect(times(anonymous).some((time) => time >= "18:00")).toBe(true);

    // What the page says: her group's therapist by name (mornings only: no «anche di sera»); to anyone
    // else, the spec's sentence about all the therapists.
    const lead = (page: CallPage) => renderedRoute(CallPageView, "/call-persona", page).replace(/<!-- -->/g, "");
    expect(lead(own)).toContain("Tra gli orari liberi di Dott.ssa Mattina; oppure ti richiamiamo noi entro 24 ore.");
    expect(lead(own)).toContain("con Dott.ssa Mattina, che conduce il gruppo.");
    expect(lead(own)).not.toContain("dei nostri terapeuti");
    expect(lead(anonymous)).toContain("Tra gli orari liberi dei nostri terapeuti, anche di sera; oppure ti richiamiamo noi entro 24 ore.");
    expect(lead(anonymous)).toContain("con unə dei nostri terapeuti.");
    expect(lead(anonymous)).not.toContain("Mattina");

    // What the page sends (its token, its group) is booked at once, with the group's therapist.
    const morning = own.slots.flatMap((day) => day.slots).find((slot) => !slot.taken)!;
    const asked = await postJson(updateGroupSelection, db, {
      email,
      name: "Marta",
      selectedTherapist: DIRECT_CALL_LABEL,
      MartaPhone: "333 111 3333",
      callSlot: morning.start,
      groupId: own.groupId,
      token: own.token,
      adult: true,
    });
    expect(asked.status).toBe(201);
    const [row] = await db.select().from(intakeCalls).where(eq(intakeCalls.email, email));
    expect(row).toMatchObject({ therapistId: morningId, bookingId: booking!.id, startsAt: new Date(morning.start) });
  });

  it("another person's session never reads someone else's booking, whatever address the link names", async () => {
    const email = "mattutina@example.com";
    await db.insert(groupBookings).values({ email, name: "Mara", groupId, therapistId: morningId });
    const other = "curiosa@example.com";
    expect((await postJson(submitQuestionnaire, db, { ...validAnswers, email: other, name: "Carla" })).status).toBe(201);
    const cookie = await signedInClient(db, other);
    const page = await callPage(`name=Mara&email=${encodeURIComponent(email)}`, cookie);
    // Her own address and no group: every therapist's times, not Mara's therapist's.
    expect(page).toMatchObject({ email: other, groupId: null });
    expect(times(page).some((time) => time >= "18:00")).toBe(true);
  });
});
