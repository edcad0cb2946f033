import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auth } from "../../app/server/auth.server";
import { redactUrl } from "../../app/server/logger.server";
import { publicBaseUrl } from "../../app/server/env.server";
import { confirmBooking } from "../../app/server/services/admin-bookings.server";
import { registerParticipant } from "../../app/server/services/registrations.server";
import { versionOf } from "../../app/server/record-versions.server";
import type { Database } from "../../app/server/db/client.server";
import {
  attendance,
  auditLog,
  emailOutbox,
  groupBookings,
  groups,
  groupSessions,
  moveRequests,
  newsletterSubscribers,
  privacyRequests,
  questionnaireResponses,
} from "../../app/server/db/schema";
import { ownBooking } from "../../app/server/services/client-area.server";
import { action as homeAction, loader as homeLoader } from "../../app/routes/client/home";
import { action as layoutAction } from "../../app/routes/client/layout";
import { action as absenceAction, loader as absenceLoader } from "../../app/routes/client/absence";
import { loader as icsLoader } from "../../app/routes/client/session-ics";
import { loader as feedLoader } from "../../app/routes/client/calendar-feed";
import { action as dataAction, loader as dataLoader } from "../../app/routes/client/data";
import { loader as exportLoader } from "../../app/routes/client/data-export";
import { action as moveAction, loader as moveLoader } from "../../app/routes/client/move";
import { action as adminBookingsAction, loader as adminBookingsLoader } from "../../app/routes/admin/bookings";
import { loader as matchingLoader } from "../../app/routes/gruppi-matching";
import { identityFromToken } from "../../app/server/services/identity.server";
import { testDatabase } from "./database";
import { cookieHeader, queuedMail, signedInStaff, therapistWithGroup, validRegistration, rowsWhere } from "./helpers";
import { answer, flashOf, form, pageRequest, refusal, routeCaller, thrownResponse } from "./route-calls";
import { requireClient } from "../../app/server/gates.server";

const HOUR = 3_600_000;
const VIDEO = "https://meet.example.com/area-personale-gruppo";
let db: Database;
let ipCounter = 0;
const call = routeCaller(() => ({ db, clientIp: `10.9.0.${++ipCounter % 250}`, cspNonce: "" }));

let counter = 0;
async function groupWithSessions(hoursAhead: number[], videoUrl: string | null = VIDEO) {
  counter += 1;
  const { group } = await therapistWithGroup(
    db,
    { name: `Dott.ssa Area ${counter}`, registrationNumber: `LAZ-${counter}` },
    { name: `Gruppo area ${counter}`, topic: "Ansia", weekday: 2, timeSlot: "Sera", startTime: "19:00", startsOn: "2026-01-06", videoUrl },
  );
  const sessions = [];
  for (const hours of hoursAhead) {
    const startsAt = new Date(Date.now() + hours * HOUR);
    const [session] = await db
      .insert(groupSessions)
      .values({ groupId: group.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) })
      .returning();
    sessions.push(session!);
  }
  return { group: group!, sessions };
}

async function booking(groupId: string, email: string, status: "confirmed" | "requested" = "confirmed") {
  const [row] = await db.insert(groupBookings).values({ groupId, email, name: "Giulia", status }).returning();
  return row!;
}

/** The sign-in link of the newest client-area e-mail to an address. */
async function linkMailedTo(email: string) {
  const mails = (await queuedMail(db)).filter((mail) => mail.to === email && mail.template === "auth-client-area-link");
  const last = mails.at(-1);
  if (!last) throw new Error(`no sign-in link for ${email}`);
  const url = /https?:\/\/[^"\s<>]+\/api\/auth\/magic-link\/verify\?[^"\s<>]+/.exec(last.html)![0].replaceAll("&amp;", "&");
  return { url, mail: last };
}

async function requestLink(email: string, query = "") {
  return answer(
    await call(
      homeAction,
      pageRequest(`/area-personale${query}`, {
        method: "POST",
        body: form({ intent: "request-link", email, ...(query.includes("sessione") ? { ritorno: `/area-personale/assenza/${new URLSearchParams(query).get("sessione")}` } : {}) }),
      }),
    ),
  );
}

/** Follows an e-mailed link as a browser would, from its own client address (better-auth limits each to 5 a minute). */
const follow = (url: string) => auth(db).handler(new Request(url, { headers: { "x-client-ip": `10.8.0.${++ipCounter % 250}` } }));
const pathOf = (location: string | null) => (location ? `${new URL(location, "http://x").pathname}${new URL(location, "http://x").search}` : null);

/** Signs in as a browser does: asks for the link, follows it; returns the cookie and where the link led. */
async function signIn(email: string) {
  await requestLink(email);
  const { url } = await linkMailedTo(email);
  const response = await follow(url);
  const cookies = response.headers.getSetCookie();
  const cookie = cookies.map((value) => value.split(";")[0]).join("; ");
  return { cookie, cookies, location: pathOf(response.headers.get("location")) };
}

beforeAll(async () => {
  db = await testDatabase();
});

describe("sign-in at /area-personale", () => {
  it("shows the sign-in form to an anonymous visitor and answers the same words for a known and an unknown address", async () => {
    const page = (await call(homeLoader, pageRequest("/area-personale"))) as { data: { view: string } };
    expect(page.data.view).toBe("sign-in");
    const { group } = await groupWithSessions([100]);
    await booking(group.id, "nota@example.com");
    const known = await requestLink("nota@example.com");
    const unknown = await requestLink("sconosciuta@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    // Both e-mails say the same thing: nothing about bookings rides on the address.
    const strip = (text: string) => text.replace(/token=[^&\s"]+/g, "token=");
    const [a, b] = [await linkMailedTo("nota@example.com"), await linkMailedTo("sconosciuta@example.com")];
    expect(a.mail.subject).toBe("Entra nella tua area personale");
    expect(strip(a.mail.text)).toBe(strip(b.mail.text));
  });

  it("refuses a malformed address with a field error and sends nothing", async () => {
    const before = (await db.select().from(emailOutbox)).length;
    const result = await requestLink("non-un-indirizzo");
    expect(result.status).toBe(400);
    expect(refusal(result.body)).toEqual({ fieldErrors: { email: "Inserisci un indirizzo email valido" } });
    // The page rendered from this answer (without JavaScript) shows the address as typed.
    expect((result.body.result as { initialValue: Record<string, unknown> }).initialValue).toMatchObject({ email: "non-un-indirizzo" });
    expect((await db.select().from(emailOutbox)).length).toBe(before);
  });

  it("the e-mailed link opens a 30-day session on the area", async () => {
    const { group } = await groupWithSessions([100]);
    await booking(group.id, "trenta@example.com");
    const { cookies, location } = await signIn("trenta@example.com");
    expect(location).toBe("/area-personale");
    const sessionCookie = cookies.find((value) => value.includes("session_token="))!;
    const maxAge = Number(/Max-Age=(\d+)/i.exec(sessionCookie)![1]);
    expect(maxAge).toBe(30 * 86_400);
  });

  it("a reminder's link (?sessione=) brings the person to that meeting's absence form after sign-in", async () => {
    const { group, sessions } = await groupWithSessions([100]);
    await booking(group.id, "promemoria-area@example.com");
    const anonymous = (await call(homeLoader, pageRequest(`/area-personale?sessione=${sessions[0]!.id}`))) as { data: { returnPath: string } };
    expect(anonymous.data.returnPath).toBe(`/area-personale/assenza/${sessions[0]!.id}`);
    await requestLink("promemoria-area@example.com", `?sessione=${sessions[0]!.id}`);
    const { url } = await linkMailedTo("promemoria-area@example.com");
    const response = await follow(url);
    expect(pathOf(response.headers.get("location"))).toBe(`/area-personale/assenza/${sessions[0]!.id}`);
    // Already signed in, the same e-mail link goes straight there too.
    const cookie = cookieHeader(response);
    const redirected = await thrownResponse(() => call(homeLoader, pageRequest(`/area-personale?sessione=${sessions[0]!.id}`, { cookie })));
    expect(pathOf(redirected.headers.get("location"))).toBe(`/area-personale/assenza/${sessions[0]!.id}`);
  });
});

describe("links per address", () => {
  it("sends at most three sign-in links per address in 15 minutes, whether asked on the page or at better-auth's endpoint", async () => {
    const email = "tre-link@example.com";
    const direct = (address: string, ip: string) =>
      auth(db).handler(
        new Request(`${publicBaseUrl()}/api/auth/sign-in/magic-link`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: publicBaseUrl(), "x-client-ip": ip },
          body: JSON.stringify({ email: address, callbackURL: "/area-personale" }),
        }),
      );
    await requestLink(email);
    for (let i = 0; i < 4; i += 1) expect((await direct(i % 2 ? email.toUpperCase() : email, `10.7.0.${i}`)).status).toBe(200);
    await requestLink(email);
    const sent = (await queuedMail(db)).filter((mail) => mail.to.toLowerCase() === email);
    expect(sent).toHaveLength(3);
  });
});

describe("requireClient", () => {
  it("sends an anonymous page request to the sign-in form and refuses an anonymous post with 401", async () => {
    const { sessions } = await groupWithSessions([100]);
    const page = await thrownResponse(() => call(absenceLoader, pageRequest(`/area-personale/assenza/${sessions[0]!.id}`), { sessionId: sessions[0]!.id }));
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`/area-personale?ritorno=${encodeURIComponent(`/area-personale/assenza/${sessions[0]!.id}`)}`);
    for (const loader of [dataLoader, exportLoader]) {
      const refused = await thrownResponse(() => call(loader, pageRequest("/area-personale/dati")));
      expect(refused.status).toBe(302);
    }
    const post = await thrownResponse(() =>
      call(absenceAction, pageRequest(`/area-personale/assenza/${sessions[0]!.id}`, { method: "POST", body: form({ expected: "free" }) }), { sessionId: sessions[0]!.id }),
    );
    expect(post.status).toBe(401);
    const feedPost = await thrownResponse(() => call(homeAction, pageRequest("/area-personale", { method: "POST", body: form({ intent: "feed-renew" }) })));
    expect(feedPost.status).toBe(401);
  });

  it("returns the bookings and questionnaires of the verified address (any letter case), and nobody else's", async () => {
    const { group } = await groupWithSessions([100]);
    const own = await booking(group.id, "Maiuscole@Example.com");
    const other = await booking(group.id, "altra-persona@example.com");
    await db.insert(questionnaireResponses).values({
      name: "Giulia",
      email: "maiuscole@example.com",
      age: "30-39",
      gender: "donna",
      city: "Roma",
      answers: {},
      timePreference: "Sera",
      sourceDiscovery: "web",
      newsletterSubscription: "no",
      privacyConsent: true,
      consentAt: new Date(),
    });
    const { cookie } = await signIn("maiuscole@example.com");
    const client = await requireClient(db, pageRequest("/area-personale", { cookie }));
    expect(client.user.email).toBe("maiuscole@example.com");
    expect(client.bookings.map((row) => row.id)).toEqual([own.id]);
    expect(client.responseIds).toHaveLength(1);
    expect(ownBooking(client, own.id).id).toBe(own.id);
    expect(
      (() => {
        try {
          ownBooking(client, other.id);
        } catch (error) {
          return (error as Response).status;
        }
      })(),
    ).toBe(404);
  });

  it("answers 404 for a meeting of another group, and for its calendar file", async () => {
    const mine = await groupWithSessions([100]);
    const theirs = await groupWithSessions([100]);
    await booking(mine.group.id, "solo-mio@example.com");
    await booking(theirs.group.id, "loro@example.com");
    const { cookie } = await signIn("solo-mio@example.com");
    const id = theirs.sessions[0]!.id;
    expect((await thrownResponse(() => call(absenceLoader, pageRequest(`/area-personale/assenza/${id}`, { cookie }), { sessionId: id }))).status).toBe(404);
    expect((await thrownResponse(() => call(icsLoader, pageRequest(`/area-personale/incontri/${id}/calendario.ics`, { cookie }), { sessionId: id }))).status).toBe(404);
    const post = await thrownResponse(() =>
      call(absenceAction, pageRequest(`/area-personale/assenza/${id}`, { cookie, method: "POST", body: form({ expected: "free" }) }), { sessionId: id }),
    );
    expect(post.status).toBe(404);
    expect(await db.select().from(attendance).where(eq(attendance.sessionId, id))).toHaveLength(0);
  });

  it("gives staff no client data, even when their address booked a group", async () => {
    const { group } = await groupWithSessions([100]);
    await booking(group.id, "staff-con-gruppo@example.com");
    const { cookie } = await signedInStaff(db, "staff-con-gruppo@example.com");
    const refused = await thrownResponse(() => call(homeLoader, pageRequest("/area-personale", { cookie })));
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).not.toContain(group.name);
    expect((await thrownResponse(() => requireClient(db, pageRequest("/area-personale/dati", { cookie })))).status).toBe(403);
    expect((await thrownResponse(() => call(exportLoader, pageRequest("/area-personale/dati/esporta", { cookie })))).status).toBe(403);
  });
});

describe("my path", () => {
  it("shows a member the group, the therapist with Albo n°, the next sessions and the video link, never cached", async () => {
    const { group, sessions } = await groupWithSessions([30, 100, 200]);
    await booking(group.id, "membro@example.com");
    const { cookie } = await signIn("membro@example.com");
    const result = (await call(homeLoader, pageRequest("/area-personale", { cookie }))) as {
      data: {
        view: string;
        groups: { group: { name: string }; therapist: { registrationNumber: string }; videoUrl: string | null; sessions: { id: string; absenceFree: boolean }[] }[];
      };
      init: { headers: Record<string, string> };
    };
    expect(result.init.headers["Cache-Control"]).toBe("private, no-store");
    const [path] = result.data.groups;
    expect(path!.group.name).toBe(group.name);
    expect(path!.therapist.registrationNumber).toMatch(/^LAZ-/);
    expect(path!.videoUrl).toBe(VIDEO);
    expect(path!.sessions.map((session) => session.id)).toEqual(sessions.map((session) => session.id));
    expect(path!.sessions.map((session) => session.absenceFree)).toEqual([false, true, true]);
  });

  it("does not give the video link nor the sessions to a person whose booking is not confirmed", async () => {
    const { group } = await groupWithSessions([100]);
    await booking(group.id, "in-attesa@example.com", "requested");
    const { cookie } = await signIn("in-attesa@example.com");
    const result = (await call(homeLoader, pageRequest("/area-personale", { cookie }))) as {
      data: { groups: { videoUrl: string | null; sessions: unknown[]; bookingStatus: string }[] };
    };
    expect(result.data.groups[0]).toMatchObject({ bookingStatus: "requested", videoUrl: null, sessions: [] });
    expect(JSON.stringify(result.data)).not.toContain(VIDEO);
  });

  it("gives a member an .ics of one session, without the video link", async () => {
    const { group, sessions } = await groupWithSessions([100]);
    await booking(group.id, "ics@example.com");
    const { cookie } = await signIn("ics@example.com");
    const response = (await call(icsLoader, pageRequest(`/area-personale/incontri/${sessions[0]!.id}/calendario.ics`, { cookie }), { sessionId: sessions[0]!.id })) as Response;
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = await response.text();
    expect(body).toContain(`UID:${sessions[0]!.id}@insieme-terapia.it`);
    expect(body).toContain(group.name);
    expect(body).not.toContain(VIDEO);
  });
});

describe("absences", () => {
  /** A confirmed member signed in, a meeting of their group in `hours`, and the absence page they see for it. */
  const memberBeforeMeeting = async (hours: number, email: string) => {
    const { group, sessions } = await groupWithSessions([hours]);
    const member = await booking(group.id, email);
    const { cookie } = await signIn(email);
    const id = sessions[0]!.id;
    const page = (await call(absenceLoader, pageRequest(`/area-personale/assenza/${id}`, { cookie }), { sessionId: id })) as { data: { absenceFree: boolean } };
    return { id, member, cookie, page };
  };
  const absenceOf = async (sessionId: string, bookingId: string) => (await rowsWhere(db, attendance, { sessionId, bookingId }))[0];
  const absenceMails = async (email: string) => await rowsWhere(db, emailOutbox, { to: email, template: "client-absence" });

  it("before the notice period: free, recorded as absent_notified, confirmed by e-mail once however often it is sent", async () => {
    const { id, member, cookie, page } = await memberBeforeMeeting(72, "assenza-libera@example.com");
    expect(page.data.absenceFree).toBe(true);
    const post = () => call(absenceAction, pageRequest(`/area-personale/assenza/${id}`, { cookie, method: "POST", body: form({ expected: "free" }) }), { sessionId: id });
    const results = await Promise.all([post(), post()]);
    for (const result of results) {
      expect((result as Response).headers.get("location")).toBe(`/area-personale/assenza/${id}`);
      expect(flashOf(result)).toEqual({ form: "absence", outcome: "ok" });
    }
    await post();
    expect((await absenceOf(id, member.id))!.status).toBe("absent_notified");
    expect(await absenceMails("assenza-libera@example.com")).toHaveLength(1);
    const mail = (await queuedMail(db)).find((row) => row.to === "assenza-libera@example.com" && row.template === "client-absence")!;
    expect(mail.text).toContain("non ti sarà addebitato");
  });

  it("after the notice period: the page says the meeting is charged and names the rule; a confirmation made for a free absence records nothing", async () => {
    const { id, member, cookie, page } = await memberBeforeMeeting(24, "assenza-tardi@example.com");
    expect(page.data.absenceFree).toBe(false);
    // The page was shown before the cut-off and confirmed after it: asked again, nothing recorded.
    const stale = answer(await call(absenceAction, pageRequest(`/area-personale/assenza/${id}`, { cookie, method: "POST", body: form({ expected: "free" }) }), { sessionId: id }));
    expect(stale.status).toBe(409);
    expect(String(stale.body.error)).toContain("preavviso di 48 ore (Termini e condizioni)");
    expect(await absenceOf(id, member.id)).toBeUndefined();
    await call(absenceAction, pageRequest(`/area-personale/assenza/${id}`, { cookie, method: "POST", body: form({ expected: "fee" }) }), { sessionId: id });
    expect((await absenceOf(id, member.id))!.status).toBe("absent_unnotified");
    const mail = (await queuedMail(db)).find((row) => row.to === "assenza-tardi@example.com" && row.template === "client-absence")!;
    expect(mail.text).toContain("resta dovuto");
  });
});

describe("the private calendar feed", () => {
  it("is created, renewed (the old URL stops) and revoked (404), and never carries the video link", async () => {
    const { group } = await groupWithSessions([50, 150]);
    await booking(group.id, "feed@example.com");
    const { cookie } = await signIn("feed@example.com");
    const feedUrl = async () => ((await call(homeLoader, pageRequest("/area-personale", { cookie }))) as { data: { feedUrl: string | null } }).data.feedUrl;
    const fetchFeed = async (url: string) => {
      const token = url.split("/").at(-1)!;
      return (await call(feedLoader, pageRequest(`/area-personale/calendario/${token}`), { token })) as Response;
    };
    expect(await feedUrl()).toBeNull();
    await call(homeAction, pageRequest("/area-personale", { cookie, method: "POST", body: form({ intent: "feed-renew" }) }));
    const first = (await feedUrl())!;
    expect(first).toMatch(/\/area-personale\/calendario\/[A-Za-z0-9_-]{43}$/);
    const response = await fetchFeed(first);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(body).toContain(group.name);
    expect(body).not.toContain(VIDEO);

    await call(homeAction, pageRequest("/area-personale", { cookie, method: "POST", body: form({ intent: "feed-renew" }) }));
    const second = (await feedUrl())!;
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    await call(homeAction, pageRequest("/area-personale", { cookie, method: "POST", body: form({ intent: "feed-revoke" }) }));
    expect(await feedUrl()).toBeNull();
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await fetchFeed("/x/non-un-token")).status).toBe(404);
    // The request log never holds a feed's secret.
    expect(redactUrl(new URL(second).pathname)).toBe("/area-personale/calendario/[redacted]");
  });
});

describe("my data", () => {
  it("downloads only the signed-in person's data", async () => {
    const { group } = await groupWithSessions([100]);
    await booking(group.id, "dati-miei@example.com");
    await booking(group.id, "dati-altrui@example.com");
    const { cookie } = await signIn("dati-miei@example.com");
    const response = (await call(exportLoader, pageRequest("/area-personale/dati/esporta", { cookie }))) as Response;
    expect(response.headers.get("content-disposition")).toContain("attachment");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = (await response.json()) as { email: string; groupBookings: { email: string }[] };
    expect(body.email).toBe("dati-miei@example.com");
    expect(body.groupBookings.map((row) => row.email)).toEqual(["dati-miei@example.com"]);
    expect(JSON.stringify(body)).not.toContain("dati-altrui@example.com");
  });

  it("the download includes the absences announced, the move requests and the erasure requests", async () => {
    const { group, sessions } = await groupWithSessions([100]);
    const member = await booking(group.id, "dati-assenze@example.com");
    const { cookie } = await signIn("dati-assenze@example.com");
    const id = sessions[0]!.id;
    await call(absenceAction, pageRequest(`/area-personale/assenza/${id}`, { cookie, method: "POST", body: form({ expected: "free" }) }), { sessionId: id });
    await call(moveAction, pageRequest(`/area-personale/cambio-gruppo/${member.id}`, { cookie, method: "POST", body: form({ reason: "Orario" }) }), { bookingId: member.id });
    await call(dataAction, pageRequest("/area-personale/dati", { cookie, method: "POST", body: form({ intent: "erasure", confirm: "yes" }) }));
    const response = (await call(exportLoader, pageRequest("/area-personale/dati/esporta", { cookie }))) as Response;
    const body = (await response.json()) as { attendance: { sessionId: string; status: string }[]; privacyRequests: { type: string }[]; moveRequests: { reason: string }[] };
    expect(body.attendance).toEqual([expect.objectContaining({ sessionId: id, status: "absent_notified" })]);
    expect(body.moveRequests).toEqual([expect.objectContaining({ bookingId: member.id, reason: "Orario", status: "pending" })]);
    expect(body.privacyRequests).toEqual([expect.objectContaining({ type: "erasure" })]);
  });

  it("files an erasure request only from its confirmation step", async () => {
    const { cookie } = await signIn("ci-ripenso@example.com");
    const page = (await call(dataLoader, pageRequest("/area-personale/dati?conferma=cancellazione", { cookie }))) as { data: { confirmErasure: boolean } };
    expect(page.data.confirmErasure).toBe(true);
    const unconfirmed = answer(await call(dataAction, pageRequest("/area-personale/dati", { cookie, method: "POST", body: form({ intent: "erasure" }) })));
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error).toBe("Conferma la richiesta di cancellazione per inviarla.");
    expect(await db.select().from(privacyRequests).where(eq(privacyRequests.email, "ci-ripenso@example.com"))).toHaveLength(0);
  });

  it("records one erasure request with its 30-day due date on staff's register, however often it is asked", async () => {
    const { cookie } = await signIn("cancellami@example.com");
    const ask = () => call(dataAction, pageRequest("/area-personale/dati", { cookie, method: "POST", body: form({ intent: "erasure", confirm: "yes" }) }));
    await Promise.all([ask(), ask()]);
    await ask();
    const rows = await db.select().from(privacyRequests).where(eq(privacyRequests.email, "cancellami@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "erasure", status: "open" });
    const days = (rows[0]!.dueAt.getTime() - rows[0]!.receivedAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "client-erasure-request"));
    expect(mails.filter((mail) => mail.to === "cancellami@example.com")).toHaveLength(1);
    const page = (await call(dataLoader, pageRequest("/area-personale/dati", { cookie }))) as { data: { requests: { type: string; status: string }[] } };
    expect(page.data.requests).toEqual([expect.objectContaining({ type: "erasure", status: "open" })]);
  });

  it("leaves the newsletter once, confirmed by e-mail", async () => {
    await db
      .insert(newsletterSubscribers)
      .values({ email: "lettrice@example.com", status: "confirmed", confirmToken: "c-lettrice-0123456789", unsubscribeToken: "u-lettrice-0123456789" });
    const { cookie } = await signIn("lettrice@example.com");
    const leave = () => call(dataAction, pageRequest("/area-personale/dati", { cookie, method: "POST", body: form({ intent: "newsletter-leave" }) }));
    await leave();
    await leave();
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "lettrice@example.com"));
    expect(row!.status).toBe("unsubscribed");
    const mails = await rowsWhere(db, emailOutbox, { to: "lettrice@example.com", template: "client-newsletter-left" });
    expect(mails).toHaveLength(1);
  });
});

describe("moving to another group", () => {
  const movePath = (bookingId: string) => `/area-personale/cambio-gruppo/${bookingId}`;
  const askMove = (cookie: string | undefined, bookingId: string, fields: Record<string, string>) =>
    call(moveAction, pageRequest(movePath(bookingId), { cookie, method: "POST", body: form(fields) }), { bookingId });
  const requestsOf = (bookingId: string) => db.select().from(moveRequests).where(eq(moveRequests.bookingId, bookingId));
  const mailsTo = async (to: string, template: string) => (await queuedMail(db)).filter((mail) => mail.to === to && mail.template === template);
  const staffDecides = (cookie: string, fields: Record<string, string>) =>
    call(adminBookingsAction, pageRequest("/admin/prenotazioni", { cookie, method: "POST", body: form(fields) }));
  /** A group with one seat, taken. */
  async function fullGroup() {
    const { group } = await groupWithSessions([100]);
    await db.update(groups).set({ capacity: 1 }).where(eq(groups.id, group.id));
    await booking(group.id, `occupa-${group.id}@example.com`);
    return group;
  }

  it("only the signed-in member asks for their own booking: anonymous visitors sign in, others get 404, staff 403", async () => {
    const { group } = await groupWithSessions([100]);
    const mine = await booking(group.id, "cambio-mio@example.com");
    const theirs = await booking(group.id, "cambio-altrui@example.com");
    const page = await thrownResponse(() => call(moveLoader, pageRequest(movePath(mine.id)), { bookingId: mine.id }));
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`/area-personale?ritorno=${encodeURIComponent(movePath(mine.id))}`);
    expect((await thrownResponse(() => askMove(undefined, mine.id, { reason: "Orario" }))).status).toBe(401);
    const { cookie } = await signIn("cambio-mio@example.com");
    expect((await thrownResponse(() => call(moveLoader, pageRequest(movePath(theirs.id), { cookie }), { bookingId: theirs.id }))).status).toBe(404);
    expect((await thrownResponse(() => askMove(cookie, theirs.id, { reason: "Orario" }))).status).toBe(404);
    const staff = await signedInStaff(db, "staff-cambio@example.com");
    expect((await thrownResponse(() => askMove(staff.cookie, mine.id, { reason: "Orario" }))).status).toBe(403);
    expect([...(await requestsOf(mine.id)), ...(await requestsOf(theirs.id))]).toHaveLength(0);
  });

  it("needs a reason, a preferred group with a free seat, and a confirmed seat (Italian errors, nothing stored)", async () => {
    const { group } = await groupWithSessions([100]);
    const member = await booking(group.id, "cambio-motivo@example.com");
    const full = await fullGroup();
    const { cookie } = await signIn("cambio-motivo@example.com");
    const empty = answer(await askMove(cookie, member.id, { reason: "   ", preferred_group: "" }));
    expect(empty.status).toBe(400);
    expect(refusal(empty.body).fieldErrors).toEqual({ reason: "Scrivi perché vorresti cambiare gruppo" });
    const toFull = answer(await askMove(cookie, member.id, { reason: "Orario di lavoro cambiato", preferred_group: full.id }));
    expect(toFull.status).toBe(400);
    expect(refusal(toFull.body).fieldErrors).toEqual({ preferred_group: "Questo gruppo non ha più posti liberi: scegline un altro o lascia decidere allo staff." });
    const page = (await call(moveLoader, pageRequest(movePath(member.id), { cookie }), { bookingId: member.id })) as { data: { targets: { id: string }[] } };
    expect(page.data.targets.map((target) => target.id)).not.toContain(full.id);
    expect(page.data.targets.map((target) => target.id)).not.toContain(group.id);
    await db.update(groupBookings).set({ status: "requested" }).where(eq(groupBookings.id, member.id));
    const waiting = answer(await askMove(cookie, member.id, { reason: "Orario di lavoro cambiato" }));
    expect(waiting.status).toBe(409);
    expect(refusal(waiting.body).error).toBe("Puoi chiedere di cambiare gruppo solo per un gruppo di cui fai già parte.");
    expect(await requestsOf(member.id)).toHaveLength(0);
  });

  it("keeps one open request per booking, however often it is sent, e-mailed once to the person and to staff", async () => {
    const from = await groupWithSessions([100]);
    const to = await groupWithSessions([100]);
    const member = await booking(from.group.id, "cambio-doppio@example.com");
    const { cookie } = await signIn("cambio-doppio@example.com");
    const fields = { reason: "Il martedì sera lavoro", preferred_group: to.group.id };
    const results = await Promise.all([askMove(cookie, member.id, fields), askMove(cookie, member.id, fields)]);
    for (const result of results) {
      expect((result as Response).headers.get("location")).toBe(movePath(member.id));
      expect(flashOf(result)).toEqual({ form: "move-request", outcome: "ok" });
    }
    await askMove(cookie, member.id, { reason: "Un altro motivo" });
    const rows = await requestsOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", reason: "Il martedì sera lavoro", preferredGroupId: to.group.id, fromGroupId: from.group.id });
    const mails = await mailsTo("cambio-doppio@example.com", "client-move-request");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`preferibilmente ${to.group.name}`);
    const staffMails = (await queuedMail(db)).filter((mail) => mail.template === "staff-move-request" && mail.text.includes("cambio-doppio@example.com"));
    expect(staffMails).toHaveLength(1);
    expect(staffMails[0]!.text).not.toContain("Il martedì sera lavoro");
    const home = (await call(homeLoader, pageRequest("/area-personale", { cookie }))) as { data: { groups: { moveRequest: { status: string } | null }[] } };
    expect(home.data.groups[0]!.moveRequest).toMatchObject({ status: "pending" });
  });

  it("staff approve: a full group is refused and nothing changes; then the member is moved, e-mailed, and sees it approved", async () => {
    const from = await groupWithSessions([100]);
    const to = await groupWithSessions([100]);
    const full = await fullGroup();
    const member = await booking(from.group.id, "cambio-approvato@example.com");
    const { cookie } = await signIn("cambio-approvato@example.com");
    await askMove(cookie, member.id, { reason: "Preferisco un gruppo il giovedì" });
    const [request] = await requestsOf(member.id);
    const staff = await signedInStaff(db, "staff-approva@example.com");
    const listed = (await call(adminBookingsLoader, pageRequest("/admin/prenotazioni", { cookie: staff.cookie }))) as { moveRequests: { id: string; reason: string }[] };
    expect(listed.moveRequests).toContainEqual(expect.objectContaining({ id: request!.id, reason: "Preferisco un gruppo il giovedì" }));

    const refused = answer(await staffDecides(staff.cookie, { intent: "approve-move", id: request!.id, group_id: full.id }));
    expect(refused.status).toBe(409);
    expect(String(refused.body.error)).toContain("è al completo");
    expect((await requestsOf(member.id))[0]!.status).toBe("pending");
    expect((await db.select().from(groupBookings).where(eq(groupBookings.id, member.id)))[0]!.groupId).toBe(from.group.id);

    const approved = answer(await staffDecides(staff.cookie, { intent: "approve-move", id: request!.id, group_id: to.group.id }));
    expect(approved).toMatchObject({ status: 200, body: { ok: true } });
    expect((await db.select().from(groupBookings).where(eq(groupBookings.id, member.id)))[0]!.groupId).toBe(to.group.id);
    expect((await requestsOf(member.id))[0]).toMatchObject({ status: "approved", toGroupId: to.group.id, decidedBy: "staff-approva@example.com" });
    const moved = await mailsTo("cambio-approvato@example.com", "booking-moved");
    expect(moved).toHaveLength(1);
    expect(moved[0]!.subject).toBe(`Ti abbiamo spostato nel gruppo "${to.group.name}"`);
    const audited = await db.select().from(auditLog).where(eq(auditLog.entityId, request!.id));
    expect(audited.map((row) => row.action).sort()).toEqual(["approve", "request-move"]);
    // Deciding again changes nothing.
    expect(answer(await staffDecides(staff.cookie, { intent: "approve-move", id: request!.id, group_id: from.group.id })).status).toBe(409);
    const page = (await call(moveLoader, pageRequest(movePath(member.id), { cookie }), { bookingId: member.id })) as { data: { request: { status: string; toGroupName: string } } };
    expect(page.data.request).toMatchObject({ status: "approved", toGroupName: to.group.name });
  });

  it("staff decline with a reason (required): the member stays, reads the reason in the area and the e-mail, and may ask again", async () => {
    const { group } = await groupWithSessions([100]);
    const member = await booking(group.id, "cambio-rifiutato@example.com");
    const { cookie } = await signIn("cambio-rifiutato@example.com");
    await askMove(cookie, member.id, { reason: "Non mi trovo" });
    const [request] = await requestsOf(member.id);
    const staff = await signedInStaff(db, "staff-rifiuta@example.com");
    const noReason = answer(await staffDecides(staff.cookie, { intent: "decline-move", id: request!.id, reason: " " }));
    expect(noReason.status).toBe(400);
    expect(refusal(noReason.body).fieldErrors).toEqual({ reason: "Scrivi il motivo: la persona lo leggerà." });
    await staffDecides(staff.cookie, { intent: "decline-move", id: request!.id, reason: "Gli altri gruppi sono al completo fino a marzo" });
    expect((await requestsOf(member.id))[0]).toMatchObject({ status: "declined", decisionReason: "Gli altri gruppi sono al completo fino a marzo" });
    expect((await db.select().from(groupBookings).where(eq(groupBookings.id, member.id)))[0]!.groupId).toBe(group.id);
    const mails = await mailsTo("cambio-rifiutato@example.com", "client-move-declined");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Gli altri gruppi sono al completo fino a marzo");
    expect(await rowsWhere(db, auditLog, { entityId: request!.id, action: "decline" })).toHaveLength(1);
    const home = (await call(homeLoader, pageRequest("/area-personale", { cookie }))) as { data: { groups: { moveRequest: { status: string; decisionReason: string } | null }[] } };
    expect(home.data.groups[0]!.moveRequest).toMatchObject({ status: "declined", decisionReason: "Gli altri gruppi sono al completo fino a marzo" });
    await askMove(cookie, member.id, { reason: "Ci riprovo" });
    expect((await requestsOf(member.id)).map((row) => row.status).sort()).toEqual(["declined", "pending"]);
  });

  it("nobody but staff decides: a member's session cannot approve or decline", async () => {
    const from = await groupWithSessions([100]);
    const to = await groupWithSessions([100]);
    const member = await booking(from.group.id, "cambio-fai-da-te@example.com");
    const { cookie } = await signIn("cambio-fai-da-te@example.com");
    await askMove(cookie, member.id, { reason: "Mi approvo da sola" });
    const [request] = await requestsOf(member.id);
    expect((await thrownResponse(() => staffDecides(cookie, { intent: "approve-move", id: request!.id, group_id: to.group.id }))).status).toBe(403);
    expect((await thrownResponse(() => staffDecides(cookie, { intent: "decline-move", id: request!.id, reason: "No" }))).status).toBe(403);
    expect(
      (
        await thrownResponse(() =>
          call(adminBookingsAction, pageRequest("/admin/prenotazioni", { method: "POST", body: form({ intent: "approve-move", id: request!.id, group_id: to.group.id }) })),
        )
      ).status,
    ).toBe(401);
    expect((await requestsOf(member.id))[0]!.status).toBe("pending");
    expect((await db.select().from(groupBookings).where(eq(groupBookings.id, member.id)))[0]!.groupId).toBe(from.group.id);
  });
});

describe("the matching page (issue 14's capability token)", () => {
  it("treats a signed-in client's session as their token, and nobody else's", async () => {
    const { cookie } = await signIn("scelta@example.com");
    type Matching = { data: { token: string | null; email: string | null } };
    const signedIn = (await call(matchingLoader, pageRequest("/gruppi-matching", { cookie }))) as Matching;
    expect(signedIn.data.email).toBe("scelta@example.com");
    expect((await identityFromToken(db, signedIn.data.token))?.email).toBe("scelta@example.com");
    // Loaded again: the same token, not a new row per visit.
    const again = (await call(matchingLoader, pageRequest("/gruppi-matching", { cookie }))) as Matching;
    expect(again.data.token).toBe(signedIn.data.token);
    // A visitor naming the address in the URL gets no token; neither does staff.
    const visitor = (await call(matchingLoader, pageRequest("/gruppi-matching?email=scelta@example.com"))) as Matching;
    expect(visitor.data.token).toBeNull();
    const staff = await signedInStaff(db, "staff-matching@example.com");
    expect(((await call(matchingLoader, pageRequest("/gruppi-matching", { cookie: staff.cookie }))) as Matching).data.token).toBeNull();
  });
});

describe("e-mails lead to the area", () => {
  it("the confirmation of a seat names the area's address", async () => {
    const { group } = await groupWithSessions([100]);
    const requested = await booking(group.id, "confermata@example.com", "requested");
    const [row] = await db
      .select({ version: versionOf(groupBookings.updatedAt) })
      .from(groupBookings)
      .where(eq(groupBookings.id, requested.id));
    await confirmBooking(db, requested.id, row!.version);
    const mail = (await queuedMail(db)).find((queued) => queued.to === "confermata@example.com" && queued.template === "booking-confirmed")!;
    expect(mail.text).toContain(`${publicBaseUrl()}/area-personale`);
    // The way to the registration (the documents of the service, signed): in the e-mail and on the area's home until done.
    expect(mail.text).toContain(`${publicBaseUrl()}/conferma-iscrizione`);
    const { cookie } = await signIn("confermata@example.com");
    type Home = { data: { registrationMissing: boolean } };
    expect(((await call(homeLoader, pageRequest("/area-personale", { cookie }))) as Home).data.registrationMissing).toBe(true);
    await db.transaction((tx) => registerParticipant(tx, { ...validRegistration("Confermata@example.com"), firstName: "Giulia", lastName: "Bianchi" }));
    expect(((await call(homeLoader, pageRequest("/area-personale", { cookie }))) as Home).data.registrationMissing).toBe(false);
  });

  it("does not ask someone whose booking is only requested to register", async () => {
    const { group } = await groupWithSessions([100]);
    await booking(group.id, "solo-richiesta@example.com", "requested");
    const { cookie } = await signIn("solo-richiesta@example.com");
    expect(((await call(homeLoader, pageRequest("/area-personale", { cookie }))) as { data: { registrationMissing: boolean } }).data.registrationMissing).toBe(false);
  });
});

describe("sign-out", () => {
  it("'Esci da tutti i dispositivi' ends every session of the account", async () => {
    const { group } = await groupWithSessions([100]);
    await booking(group.id, "due-telefoni@example.com");
    const phone = await signIn("due-telefoni@example.com");
    const laptop = await signIn("due-telefoni@example.com");
    for (const { cookie } of [phone, laptop]) expect((await requireClient(db, pageRequest("/area-personale/dati", { cookie }))).user.email).toBe("due-telefoni@example.com");
    const result = (await call(layoutAction, pageRequest("/area-personale", { cookie: phone.cookie, method: "POST", body: form({ intent: "sign-out-everywhere" }) }))) as Response;
    expect(result.headers.get("location")).toBe("/area-personale?uscito=tutti");
    for (const { cookie } of [phone, laptop]) {
      expect((await thrownResponse(() => requireClient(db, pageRequest("/area-personale/dati", { cookie })))).status).toBe(302);
    }
    const mails = await rowsWhere(db, emailOutbox, { to: "due-telefoni@example.com", template: "client-signed-out-everywhere" });
    expect(mails).toHaveLength(1);
  });
});
