/**
 * The staff defects of issue 15 (points 13-21), each tried against the route modules as the browser
 * calls them: stale edits, clamped pages, whole contact messages, Italian CSV, the art. 17 register and
 * the audit of the mailbox.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "../../app/domain/format";
import { loader as auditLoader } from "../../app/routes/admin/audit";
import { action as blogAction } from "../../app/routes/admin/blog";
import { action as bookingsAction, loader as bookingsLoader } from "../../app/routes/admin/bookings";
import { loader as documentFileLoader } from "../../app/routes/admin/document-file";
import { action as documentsAction, clientAction as documentsClientAction } from "../../app/routes/admin/documents";
import { action as contactsAction, loader as contactsLoader } from "../../app/routes/admin/contacts";
import { loader as exportLoader } from "../../app/routes/admin/export";
import { action as groupsAction, loader as groupsLoader } from "../../app/routes/admin/groups";
import { loader as mailboxLoader } from "../../app/routes/admin/mailbox";
import { action as privacyAction } from "../../app/routes/admin/privacy";
import { action as therapistsAction, loader as therapistsLoader } from "../../app/routes/admin/therapists";
import type { Database } from "../../app/server/db/client.server";
import { auditLog, blogPosts, contacts, groupBookings, groups, privacyRequests, therapists } from "../../app/server/db/schema";
import { onePagePdf, newGroup as groupRow, newTherapist as therapistRow, staffDatabase, rowsWhere } from "./helpers";
import { answer, form, refusal, routeCaller, type AnyHandler } from "./route-calls";

const BASE = "http://localhost:3000";
const CONFLICT = "Modificato da un altro utente";
let db: Database;
let adminCookie: string;

beforeAll(async () => {
  ({ db, adminCookie } = await staffDatabase("admin-defects"));
});

function request(pathname: string, init: { method?: string; body?: BodyInit } = {}) {
  const headers = new Headers({ origin: BASE, cookie: adminCookie });
  return new Request(`${BASE}${pathname}`, { method: init.method ?? "GET", headers, body: init.body });
}

const call = routeCaller(() => ({ db, clientIp: "198.51.100.9", cspNonce: "" }));
const load = <T>(handler: AnyHandler, pathname: string) => call<T>(handler, request(pathname));
const post = (handler: AnyHandler, pathname: string, fields: Record<string, string | string[] | Blob>) =>
  call(handler, request(pathname, { method: "POST", body: form(fields) })).then(answer);

const newTherapist = (name = "Dott.ssa Elena Fabbri") => therapistRow(db, { name, specialization: "Ansia" });
const newGroup = (therapistId: string, name = "Gruppo del lunedì") => groupRow(db, therapistId, { name, topic: "Ansia", startsOn: "2030-01-07" });

describe("13, 15, 16. documents: uploads say why, a 413 is a field error, staff open the live file", () => {
  it("says why an upload is refused, in the toast and beside the field", async () => {
    const big = Buffer.concat([await onePagePdf(), Buffer.alloc(5 * 1024 * 1024, 32)]);
    const tooLarge = await post(documentsAction, "/admin/documenti", {
      intent: "upload",
      type: "privacy-policy",
      file: new File([new Uint8Array(big)], "privacy.pdf", { type: "application/pdf" }),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ error: "Errore upload", description: "Il file è troppo grande. Massimo 5MB." });
    expect(refusal(tooLarge.body).fieldErrors).toEqual({ file: "Il file è troppo grande. Massimo 5MB." });
    const notPdf = await post(documentsAction, "/admin/documenti", {
      intent: "upload",
      type: "privacy-policy",
      file: new File(["una lettera"], "privacy.pdf", { type: "application/pdf" }),
    });
    expect(notPdf).toMatchObject({ status: 415, body: { description: expect.stringMatching(/^Solo file PDF/) } });
  });

  it("turns the server's JSON 413 (a body over the upload cap) into the field error instead of the error page", async () => {
    const refused = { status: 413, statusText: "Payload Too Large", internal: true, data: JSON.stringify({ error: "Richiesta troppo grande." }) };
    const result = await (documentsClientAction as unknown as (args: { serverAction: () => Promise<unknown> }) => Promise<unknown>)({
      serverAction: () => Promise.reject(refused),
    });
    expect(result).toMatchObject({ ok: false, error: "Errore upload" });
    expect(refusal(result as Record<string, unknown>).fieldErrors).toEqual({ file: "Il file è troppo grande. Massimo 5MB." });
    const other = { ...refused, status: 500 };
    await expect(
      (documentsClientAction as unknown as (args: { serverAction: () => Promise<unknown> }) => Promise<unknown>)({
        serverAction: () => Promise.reject(other),
      }),
    ).rejects.toBe(other);
  });

  it("serves each document's live PDF to staff, inline or as a download", async () => {
    const generated = await call<Response>(documentFileLoader, request("/admin/documenti/termini-condizioni"), { type: "termini-condizioni" });
    expect(generated.status).toBe(200);
    expect(generated.headers.get("content-type")).toBe("application/pdf");
    expect(generated.headers.get("content-disposition")).toBe('inline; filename="termini-condizioni.pdf"');
    expect(
      Buffer.from(await generated.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const uploaded = await onePagePdf("caricato dallo staff");
    await post(documentsAction, "/admin/documenti", {
      intent: "upload",
      type: "accordo-servizio",
      file: new File([new Uint8Array(uploaded)], "accordo.pdf", { type: "application/pdf" }),
    });
    const live = await call<Response>(documentFileLoader, request("/admin/documenti/accordo-servizio?download"), { type: "accordo-servizio" });
    expect(live.headers.get("content-disposition")).toBe('attachment; filename="accordo-servizio.pdf"');
    expect(Buffer.from(await live.arrayBuffer()).equals(uploaded)).toBe(true);
    await expect(call(documentFileLoader, request("/admin/documenti/altro"), { type: "altro" })).rejects.toMatchObject({ status: 404 });
  });
});

describe("14. an edit saved over someone else's is refused, and says so", () => {
  it("two tabs on one therapist: the second save answers 409 'Modificato da un altro utente' and keeps the first", async () => {
    const therapist = await newTherapist();
    type Page = { therapists: { id: string; version: string; name: string }[] };
    const opened = (await load<Page>(therapistsLoader, "/admin/terapeuti")).therapists.find((row) => row.id === therapist.id)!;
    const fields = (experience: string, version: string) => ({
      intent: "update",
      id: therapist.id,
      version,
      name: therapist.name,
      role: therapist.role,
      specialization: therapist.specialization,
      experience,
      description: therapist.description,
    });
    const tabA = await post(therapistsAction, "/admin/terapeuti", fields("EDIT-A 11 anni", opened.version));
    expect(tabA.body).toMatchObject({ ok: true });
    const tabB = await post(therapistsAction, "/admin/terapeuti", fields("EDIT-B 12 anni", opened.version));
    expect(tabB.status).toBe(409);
    expect(tabB.body).toMatchObject({ ok: false, error: CONFLICT, conflict: true });
    const [saved] = await db.select().from(therapists).where(eq(therapists.id, therapist.id));
    expect(saved!.experience).toBe("EDIT-A 11 anni");

    // "Ricarica": the page's loader gives the saved record with its new version, which saves.
    const fresh = (await load<Page>(therapistsLoader, "/admin/terapeuti")).therapists.find((row) => row.id === therapist.id)!;
    expect(fresh.version).not.toBe(opened.version);
    expect((await post(therapistsAction, "/admin/terapeuti", fields("EDIT-B 12 anni", fresh.version))).body).toMatchObject({ ok: true });
    const missing = await post(therapistsAction, "/admin/terapeuti", { ...fields("x", fresh.version), version: "" });
    expect(missing.status).toBe(400);
  });

  it("a blog post, a group, a booking and a contact refuse a stale version the same way", async () => {
    const version = async (table: string, id: string) =>
      (await db.execute<{ v: string }>(sql`select (extract(epoch from updated_at) * 1000000)::bigint::text as v from ${sql.identifier(table)} where id = ${id}`)).rows[0]!.v;
    const touch = (table: string, id: string) => db.execute(sql`update ${sql.identifier(table)} set updated_at = clock_timestamp() where id = ${id}`);

    const [post_] = await db
      .insert(blogPosts)
      .values({ title: "Titolo", excerpt: "E", readTime: "3 min", publishedDate: "2026-01-01", metaTitle: "M", metaDescription: "D" })
      .returning();
    const stalePost = await version("blog_posts", post_!.id);
    await touch("blog_posts", post_!.id);
    const blog = await post(blogAction, "/admin/blog", {
      intent: "update",
      id: post_!.id,
      version: stalePost,
      title: "Sovrascritto",
      excerpt: "E",
      read_time: "3 min",
      published_date: "2026-01-01",
      meta_title: "M",
      meta_description: "D",
      introduction: "I",
      "main_sections[0].type": "h2",
      "main_sections[0].title": "S",
      "main_sections[0].content": "C",
      conclusion: "C",
      cta_text: "T",
    });
    expect(blog).toMatchObject({ status: 409, body: { error: CONFLICT, conflict: true } });
    expect((await db.select().from(blogPosts).where(eq(blogPosts.id, post_!.id)))[0]!.title).toBe("Titolo");

    const therapist = await newTherapist("Dott. Paolo Ricci");
    const group = await newGroup(therapist.id);
    type GroupPage = { rows: { id: string; version: string }[] };
    const staleGroup = (await load<GroupPage>(groupsLoader, "/admin/gruppi")).rows.find((row) => row.id === group.id)!.version;
    await touch("groups", group.id);
    const groupSave = await post(groupsAction, "/admin/gruppi", {
      intent: "update",
      id: group.id,
      version: staleGroup,
      name: "Rinominato",
      topic: "Ansia",
      therapist_id: therapist.id,
      weekday: "1",
      time_slot: "Sera",
      start_time: "19:00",
      age_min: "18",
      age_max: "99",
      capacity: "8",
      status: "open",
      starts_on: "2030-01-07",
    });
    expect(groupSave).toMatchObject({ status: 409, body: { error: CONFLICT, conflict: true } });
    expect((await db.select().from(groups).where(eq(groups.id, group.id)))[0]!.name).toBe("Gruppo del lunedì");

    const [booking] = await db.insert(groupBookings).values({ groupId: group.id, therapistId: therapist.id, email: "sara@example.com", name: "Sara" }).returning();
    const staleBooking = await version("group_bookings", booking!.id);
    await touch("group_bookings", booking!.id);
    const confirm = await post(bookingsAction, "/admin/prenotazioni", { intent: "confirm", id: booking!.id, version: staleBooking });
    expect(confirm).toMatchObject({ status: 409, body: { error: CONFLICT, conflict: true } });
    expect((await db.select().from(groupBookings).where(eq(groupBookings.id, booking!.id)))[0]!.status).toBe("requested");

    const [contact] = await db.insert(contacts).values({ name: "Luca", email: "luca@example.com", subject: "Orari", message: "Quando?" }).returning();
    const staleContact = await version("contacts", contact!.id);
    const first = await post(contactsAction, "/admin?index", { intent: "set-status", id: contact!.id, status: "closed", version: staleContact });
    expect(first.body).toMatchObject({ ok: true });
    const second = await post(contactsAction, "/admin?index", { intent: "set-status", id: contact!.id, status: "in_progress", version: staleContact });
    expect(second).toMatchObject({ status: 409, body: { error: CONFLICT, conflict: true } });
    expect((await db.select().from(contacts).where(eq(contacts.id, contact!.id)))[0]!.status).toBe("closed");
  });
});

describe("17. a long contact message is read whole in its own view", () => {
  it("lists a one-line preview and gives the whole message, audited, with ?messaggio=", async () => {
    const message = `${"Vorrei sapere come funzionano i gruppi. ".repeat(120)}FINE`;
    expect(message.length).toBeGreaterThan(4_800);
    const [contact] = await db.insert(contacts).values({ name: "Marta Lunga", email: "marta@example.com", subject: "Domanda", message }).returning();
    type Page = {
      rows: { id: string; preview: string; long: boolean }[];
      viewing: { id: string; message: string } | null;
    };
    const list = await load<Page>(contactsLoader, "/admin?q=marta");
    expect(list.rows[0]).toMatchObject({ id: contact!.id, long: true });
    expect(list.rows[0]!.preview.length).toBeLessThanOrEqual(160);
    expect(list.viewing).toBeNull();
    const opened = await load<Page>(contactsLoader, `/admin?q=marta&messaggio=${contact!.id}`);
    expect(opened.viewing!.message).toBe(message);
    const reads = await rowsWhere(db, auditLog, { action: "read", entity: "contact", entityId: contact!.id });
    expect(reads).toHaveLength(1);
  });
});

describe("19. a page past the last one shows the last one", () => {
  it("/admin/prenotazioni?page=999 with 22 bookings shows page 2 of 2, not an empty list", async () => {
    const therapist = await newTherapist("Dott. Pagine");
    const group = await newGroup(therapist.id, "Gruppo delle pagine");
    await db.delete(groupBookings);
    await db
      .insert(groupBookings)
      .values(Array.from({ length: 22 }, (_, index) => ({ groupId: group.id, therapistId: therapist.id, email: `p${index}@example.com`, name: `P${index}` })));
    type Page = { rows: unknown[]; total: number; query: { page: number } };
    const page = await load<Page>(bookingsLoader, "/admin/prenotazioni?page=999");
    expect(page.total).toBe(22);
    expect(page.query.page).toBe(2);
    expect(page.rows).toHaveLength(2);
    const filtered = await load<Page>(bookingsLoader, "/admin/prenotazioni?q=nessuno-si-chiama-cosi");
    expect(filtered).toMatchObject({ total: 0, rows: [], query: { page: 1 } });
  });

  it("/admin/registro?page=2 with one page of entries shows page 1 of 1", async () => {
    const audit = await load<{ page: number; total: number; rows: unknown[] }>(auditLoader, "/admin/registro?page=2");
    expect(audit.total).toBeGreaterThan(0);
    expect(audit.total).toBeLessThanOrEqual(50);
    expect(audit.page).toBe(1);
    expect(audit.rows).toHaveLength(audit.total);
  });
});

describe("20. CSV in Italian time and words, as on the screens", () => {
  it("exports contacts and bookings with Europe/Rome dates in the screens' format and Italian labels", async () => {
    const summer = new Date("2026-07-01T10:30:00Z");
    await db.insert(contacts).values({ name: "Ora Legale", email: "ora@example.com", subject: "S", message: "M", createdAt: summer });
    const response = await call<Response>(exportLoader, request("/admin/esporta/contatti?q=ora@example.com"), { dataset: "contatti" });
    const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Data,Nome,Email,Telefono,Oggetto,Messaggio,Stato");
    expect(formatDateTime(summer)).toBe("01/07/26, 12:30");
    expect(lines[1]).toBe(`"01/07/26, 12:30",Ora Legale,ora@example.com,,S,M,Nuovo`);

    const therapist = await newTherapist("Dott. Csv");
    const group = await newGroup(therapist.id, "Gruppo CSV");
    await db.insert(groupBookings).values({
      groupId: group.id,
      therapistId: therapist.id,
      email: "csv@example.com",
      name: "Csv",
      status: "confirmed",
      callRequested: true,
      phone: "3331234567",
      createdAt: new Date("2026-01-15T08:05:00Z"),
    });
    const bookings = await call<Response>(exportLoader, request("/admin/esporta/prenotazioni?q=csv@example.com"), { dataset: "prenotazioni" });
    const rows = (await bookings.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(rows[1]).toBe(`"15/01/26, 09:05",Csv,csv@example.com,,Gruppo CSV,Dott. Csv,Confermata,Sì,3331234567`);
  });
});

describe("21. privacy: erasures on the register, the mailbox list in the audit log", () => {
  it("an erasure done from admin → Privacy is an art. 17 request completed today", async () => {
    await db.insert(contacts).values({ name: "Da Cancellare", email: "cancella@example.com", subject: "S", message: "M" });
    const erased = await post(privacyAction, "/admin/privacy", { intent: "erase", email: "cancella@example.com", requestId: "" });
    expect(erased.body).toMatchObject({ ok: true });
    const requests = await db.select().from(privacyRequests).where(eq(privacyRequests.email, "cancella@example.com"));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ type: "erasure", status: "completed", handledBy: "staff@example.com" });
    expect(requests[0]!.completedAt).toBeInstanceOf(Date);
    expect(Date.now() - requests[0]!.receivedAt.getTime()).toBeLessThan(60_000);
    expect(await db.select().from(contacts).where(eq(contacts.email, "cancella@example.com"))).toEqual([]);
  });

  it("an erasure answers the address's open art. 17 request instead of adding one", async () => {
    await post(privacyAction, "/admin/privacy", { intent: "open", email: "aperta@example.com", type: "erasure" });
    await post(privacyAction, "/admin/privacy", { intent: "erase", email: "aperta@example.com", requestId: "" });
    const requests = await db.select().from(privacyRequests).where(eq(privacyRequests.email, "aperta@example.com"));
    expect(requests.map((row) => [row.type, row.status])).toEqual([["erasure", "completed"]]);
  });

  it("opening the mailbox list (admin → Posta) is recorded in the audit log", async () => {
    await load(mailboxLoader, "/admin/posta?page=1");
    const entries = await rowsWhere(db, auditLog, { action: "list", entity: "email_outbox" });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorEmail).toBe("staff@example.com");
  });
});
