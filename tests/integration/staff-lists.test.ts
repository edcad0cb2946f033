/**
 * Issue 32, point 2: the staff lists at the size of a large practice. Groups, therapists and the session list are
 * paged with their totals and searchable (page 2 shows the next rows), the session list has no cut at
 * 500 meetings, and the CSV exports stream every row (more than 10,000), newest first, none twice.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as exportLoader } from "../../app/routes/admin/export";
import { loader as groupsLoader } from "../../app/routes/admin/groups";
import { loader as sessionsLoader } from "../../app/routes/admin/sessions";
import { loader as therapistsLoader } from "../../app/routes/admin/therapists";
import { loader as matchingLoader } from "../../app/routes/gruppi-matching";
import type { Database } from "../../app/server/db/client.server";
import { newGroup, newTherapist, staffDatabase } from "./helpers";
import { pageRequest, routeCaller, type AnyHandler } from "./route-calls";

let db: Database;
let adminCookie: string;

beforeAll(async () => {
  ({ db, adminCookie } = await staffDatabase("staff-lists"));
});

const call = routeCaller(() => ({ db, clientIp: "198.51.100.32", cspNonce: "" }));
const load = <T>(handler: AnyHandler, pathname: string, cookie = adminCookie) => call<T>(handler, pageRequest(pathname, { cookie: cookie || undefined }));

interface Paged<R> {
  rows: R[];
  total: number;
  query: { page: number };
  pageSize: number;
}

describe("groups", () => {
  type GroupRow = { id: string; name: string; therapistName: string; status: string };

  it("pages 25 groups by 20 with the total, searches name and therapist, filters by status", async () => {
    const therapist = await newTherapist(db, { name: "Dott.ssa Paginata" });
    const other = await newTherapist(db, { name: "Dott. Altro" });
    await db.execute(sql`
      insert into groups (therapist_id, name, topic, weekday, time_slot, start_time, starts_on, status)
      select ${therapist.id}, 'Gruppo ' || lpad(n::text, 2, '0'), 'Ansia', 1 + n % 5, 'Sera', '19:00', '2030-01-07', case when n % 5 = 0 then 'closed' else 'open' end
      from generate_series(1, 24) as n`);
    await newGroup(db, other.id, { name: "Gruppo dell'altro" });

    const first = await load<Paged<GroupRow>>(groupsLoader, "/admin/gruppi");
    expect(first.total).toBe(25);
    expect(first.rows).toHaveLength(20);
    expect(first.query.page).toBe(1);
    const second = await load<Paged<GroupRow>>(groupsLoader, "/admin/gruppi?page=2");
    expect(second.query.page).toBe(2);
    expect(second.rows).toHaveLength(5);
    const ids = new Set([...first.rows, ...second.rows].map((row) => row.id));
    expect(ids.size).toBe(25);
    // Closed groups come last: the second page ends with them.
    expect(second.rows.at(-1)!.status).toBe("closed");
    // A page past the last shows the last.
    expect((await load<Paged<GroupRow>>(groupsLoader, "/admin/gruppi?page=9")).query.page).toBe(2);

    const byTherapist = await load<Paged<GroupRow>>(groupsLoader, "/admin/gruppi?q=altro");
    expect(byTherapist.total).toBe(1);
    expect(byTherapist.rows.map((row) => row.name)).toEqual(["Gruppo dell'altro"]);
    const byName = await load<Paged<GroupRow>>(groupsLoader, "/admin/gruppi?q=gruppo%2007");
    expect(byName.rows.map((row) => row.name)).toEqual(["Gruppo 07"]);
    const closed = await load<Paged<GroupRow>>(groupsLoader, "/admin/gruppi?status=closed");
    expect(closed.total).toBe(4);
    expect(closed.rows.every((row) => row.status === "closed")).toBe(true);
    const closedOfTherapist = await load<Paged<GroupRow>>(groupsLoader, "/admin/gruppi?status=closed&q=paginata");
    expect(closedOfTherapist.total).toBe(4);
  });

  it("is for staff only", async () => {
    const anonymous = await load<unknown>(groupsLoader, "/admin/gruppi", "").catch((thrown: unknown) => thrown);
    expect(anonymous).toBeInstanceOf(Response);
    expect([302, 401]).toContain((anonymous as Response).status);
  });
});

describe("therapists", () => {
  type TherapistRow = { id: string; name: string; specialization: string };
  type TherapistPage = { therapists: TherapistRow[]; total: number; query: { page: number; q: string }; pageSize: number };

  it("pages the therapists by 20 newest first with the total, and searches name, role and specialization", async () => {
    const before = (await load<TherapistPage>(therapistsLoader, "/admin/terapeuti")).total;
    await db.execute(sql`
      insert into therapists (name, role, specialization, experience, description, created_at)
      select 'Dott.ssa Elenco ' || lpad(n::text, 2, '0'), 'Psicologa', case when n = 7 then 'Lutto perinatale' else 'Gruppi' end, '5 anni', 'Conduce gruppi.',
        timestamptz '2031-01-01' + n * interval '1 minute'
      from generate_series(1, 25) as n`);
    const first = await load<TherapistPage>(therapistsLoader, "/admin/terapeuti");
    expect(first.total).toBe(before + 25);
    expect(first.pageSize).toBe(20);
    expect(first.therapists).toHaveLength(20);
    // Newest first: the last one inserted opens the first page.
    expect(first.therapists[0]!.name).toBe("Dott.ssa Elenco 25");
    const second = await load<TherapistPage>(therapistsLoader, "/admin/terapeuti?page=2");
    expect(second.query.page).toBe(2);
    expect(second.therapists[0]!.name).toBe("Dott.ssa Elenco 05");
    expect(new Set([...first.therapists, ...second.therapists].map((row) => row.id)).size).toBe(first.therapists.length + second.therapists.length);

    const searched = await load<TherapistPage>(therapistsLoader, "/admin/terapeuti?q=elenco");
    expect(searched.total).toBe(25);
    const last = await load<TherapistPage>(therapistsLoader, "/admin/terapeuti?q=elenco&page=9");
    expect(last.query.page).toBe(2);
    expect(last.therapists.map((row) => row.name)).toEqual(["Dott.ssa Elenco 05", "Dott.ssa Elenco 04", "Dott.ssa Elenco 03", "Dott.ssa Elenco 02", "Dott.ssa Elenco 01"]);
    const bySpecialization = await load<TherapistPage>(therapistsLoader, "/admin/terapeuti?q=perinatale");
    expect(bySpecialization.therapists.map((row) => row.name)).toEqual(["Dott.ssa Elenco 07"]);
  });

  it("is for staff only", async () => {
    const anonymous = await load<unknown>(therapistsLoader, "/admin/terapeuti", "").catch((thrown: unknown) => thrown);
    expect(anonymous).toBeInstanceOf(Response);
    expect([302, 401]).toContain((anonymous as Response).status);
  });
});

describe("the session list", () => {
  it("lists every one of 600 meetings over pages of 50, with the total, no cut at 500", async () => {
    const therapist = await newTherapist(db, { name: "Dott. Seicento" });
    const group = await newGroup(db, therapist.id, { name: "Gruppo fitto", startsOn: "2030-03-04" });
    // 600 meetings an hour apart from Monday 4 March 2030, 08:00 in Italy: all within the list's four weeks.
    await db.execute(sql`
      insert into group_sessions (group_id, starts_at, ends_at)
      select ${group.id}, timestamptz '2030-03-04 08:00+01' + n * interval '1 hour', timestamptz '2030-03-04 09:30+01' + n * interval '1 hour'
      from generate_series(0, 599) as n`);
    type SessionPage = { sessions: { id: string; startsAt: Date }[]; total: number; page: number; pageSize: number };
    const base = `/admin/sessioni?vista=elenco&settimana=2030-03-04&gruppo=${group.id}`;
    const first = await load<SessionPage>(sessionsLoader, base);
    expect(first.total).toBe(600);
    expect(first.pageSize).toBe(50);
    expect(first.sessions).toHaveLength(50);
    const seen = new Set<string>();
    let previous = 0;
    for (let page = 1; page <= 12; page++) {
      const loaded = await load<SessionPage>(sessionsLoader, `${base}&page=${page}`);
      expect(loaded.page).toBe(page);
      for (const session of loaded.sessions) {
        expect(session.startsAt.getTime()).toBeGreaterThan(previous);
        previous = session.startsAt.getTime();
        seen.add(session.id);
      }
    }
    expect(seen.size).toBe(600);
  });

  it("shows a week of more than 60 meetings one day at a time, with every day's count", async () => {
    const therapist = await newTherapist(db, { name: "Dott. Settimana" });
    const group = await newGroup(db, therapist.id, { name: "Gruppo della settimana", startsOn: "2030-04-01" });
    // Monday 1 April 2030 08:00 to Sunday 23:00 in Italy, one an hour: 16 on Monday, 24 each other day (160).
    await db.execute(sql`
      insert into group_sessions (group_id, starts_at, ends_at, status)
      select ${group.id}, timestamptz '2030-04-01 08:00+02' + n * interval '1 hour', timestamptz '2030-04-01 09:30+02' + n * interval '1 hour',
        case when n in (20, 21) then 'cancelled' else 'scheduled' end
      from generate_series(0, 159) as n`);
    type WeekPage = { sessions: { startsAt: Date }[]; days: { day: string; count: number; cancelled: number }[]; openDay: string | null };
    const base = `/admin/sessioni?settimana=2030-04-01&gruppo=${group.id}`;
    const week = await load<WeekPage>(sessionsLoader, base);
    expect(week.days.map((day) => day.count)).toEqual([16, 24, 24, 24, 24, 24, 24]);
    expect(week.days[1]).toEqual({ day: "2030-04-02", count: 24, cancelled: 2 });
    // Today is not in that week: the first day with meetings is open, and only its meetings are sent.
    expect(week.openDay).toBe("2030-04-01");
    expect(week.sessions).toHaveLength(16);
    const wednesday = await load<WeekPage>(sessionsLoader, `${base}&giorno=2030-04-03`);
    expect(wednesday.openDay).toBe("2030-04-03");
    expect(wednesday.sessions).toHaveLength(24);
    expect(wednesday.sessions.every((session) => session.startsAt >= new Date("2030-04-02T22:00:00Z") && session.startsAt < new Date("2030-04-03T22:00:00Z"))).toBe(true);
    // A day outside the week is not opened.
    expect((await load<WeekPage>(sessionsLoader, `${base}&giorno=2030-05-01`)).openDay).toBe("2030-04-01");
    // A week of three meetings shows all three, no day opened.
    await db.execute(sql`
      insert into group_sessions (group_id, starts_at, ends_at)
      select ${group.id}, timestamptz '2030-04-08 18:00+02' + n * interval '1 day', timestamptz '2030-04-08 19:30+02' + n * interval '1 day'
      from generate_series(0, 2) as n`);
    const small = await load<WeekPage>(sessionsLoader, `/admin/sessioni?settimana=2030-04-08&gruppo=${group.id}`);
    expect(small.sessions).toHaveLength(3);
    expect(small.openDay).toBeNull();
  });
});

describe("CSV exports", () => {
  /** The lines of a CSV answer, without the BOM and the final line end. */
  const csvLines = async (response: Response) =>
    (await response.text())
      .replace(/^\uFEFF/, "")
      .replace(/\r\n$/, "")
      .split("\r\n");

  it("stream every one of 10,050 contacts, newest first, none twice, across batches with equal times", async () => {
    // Three messages per second, so batch boundaries fall between rows of the same created_at.
    await db.execute(sql`
      insert into contacts (name, email, subject, message, created_at)
      select 'Massivo ' || n, 'massivo' || n || '@example.com', 'Oggetto', 'Messaggio', timestamptz '2029-01-01 12:00+01' - (n / 3) * interval '1 second'
      from generate_series(1, 10050) as n`);
    const response = await call<Response>(exportLoader, pageRequest("/admin/esporta/contatti?q=massivo", { cookie: adminCookie }), { dataset: "contatti" });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = await csvLines(response);
    expect(lines[0]).toBe("Data,Nome,Email,Telefono,Oggetto,Messaggio,Stato");
    const emails = lines.slice(1).map((line) => /massivo(\d+)@example\.com/.exec(line)![1]!);
    expect(emails).toHaveLength(10_050);
    expect(new Set(emails).size).toBe(10_050);
    // Newest first: the first three are the newest second's, the last is the oldest.
    expect(emails.slice(0, 2).sort()).toEqual(["1", "2"]);
    expect(emails.at(-1)).toBe("10050");
  });

  it("stream more than 10,000 bookings", async () => {
    const therapist = await newTherapist(db, { name: "Dott. Prenotato" });
    const group = await newGroup(db, therapist.id, { name: "Gruppo esportato" });
    await db.execute(sql`
      insert into group_bookings (group_id, therapist_id, name, email, status, created_at)
      select ${group.id}, ${therapist.id}, 'Prenotata ' || n, 'prenotata' || n || '@example.com', 'requested', timestamptz '2029-01-01 12:00+01' - n * interval '1 second'
      from generate_series(1, 10010) as n`);
    const response = await call<Response>(exportLoader, pageRequest("/admin/esporta/prenotazioni?q=prenotata", { cookie: adminCookie }), { dataset: "prenotazioni" });
    const lines = await csvLines(response);
    expect(lines).toHaveLength(10_011);
    expect(lines[1]).toContain("prenotata1@example.com");
    expect(lines[1]).toContain("Gruppo esportato");
    expect(lines.at(-1)).toContain("prenotata10010@example.com");
  });
});

describe("the matching page", () => {
  it("shows the best six groups, then six more with ?mostra=12, and says how many there are", async () => {
    const therapist = await newTherapist(db, { name: "Dott.ssa Abbinata" });
    for (let index = 0; index < 10; index++) await newGroup(db, therapist.id, { name: `Gruppo aperto ${index}` });
    type MatchingPage = { cards: { groupId: string }[]; total: number };
    const first = await load<{ data: MatchingPage }>(matchingLoader, "/gruppi-matching", "");
    expect(first.data.total).toBeGreaterThanOrEqual(10);
    expect(first.data.cards).toHaveLength(6);
    const more = await load<{ data: MatchingPage }>(matchingLoader, "/gruppi-matching?mostra=12", "");
    expect(more.data.cards).toHaveLength(Math.min(12, more.data.total));
    expect(more.data.cards.slice(0, 6).map((card) => card.groupId)).toEqual(first.data.cards.map((card) => card.groupId));
    const all = await load<{ data: MatchingPage }>(matchingLoader, "/gruppi-matching?mostra=nonsense", "");
    expect(all.data.cards).toHaveLength(6);
  });
});
