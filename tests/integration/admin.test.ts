import { eq, sql } from "drizzle-orm";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { action as blogAction } from "../../app/routes/admin/blog";
import { action as bookingsAction } from "../../app/routes/admin/bookings";
import { action as contactsAction, loader as contactsLoader } from "../../app/routes/admin/contacts";
import { action as documentsAction, loader as documentsLoader } from "../../app/routes/admin/documents";
import { loader as exportLoader } from "../../app/routes/admin/export";
import { action as therapistsAction, loader as therapistsLoader } from "../../app/routes/admin/therapists";
import { action as uploadAction } from "../../app/routes/admin/upload";
import { auth } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { auditLog, blogPosts, contacts, documents, emailOutbox, groupBookings, groups, therapists } from "../../app/server/db/schema";
import { csvCell } from "../../app/server/services/admin-csv.server";
import { createPost, updatePost } from "../../app/server/services/admin-blog.server";
import { recordAction } from "../../app/server/http/record-action.server";
import { blogPostInputSchema } from "../../app/domain/blog-post-input";
import { storage } from "../../app/server/storage.server";
import { isPdf, sniffImage } from "../../app/server/uploads.server";
import { testDatabase } from "./database";
import { onePagePdf, staffAndClientAccounts, cookieHeader } from "./helpers";
import { answer, form, pageRequest, refusal, routeCaller, type AnyHandler } from "./route-calls";

let db: Database;
let adminCookie: string;
let userCookie: string;

async function signedInCookie(email: string, password: string) {
  const response = await auth(db).api.signInEmail({ body: { email, password }, asResponse: true });
  expect(response.ok).toBe(true);
  return cookieHeader(response);
}

beforeAll(async () => {
  db = await testDatabase({ dataDir: "admin" });
  await staffAndClientAccounts(db);
  adminCookie = await signedInCookie("staff@example.com", "password-molto-lunga");
  userCookie = await signedInCookie("utente@example.com", "password-utente-1");
});

const context = () => ({ db, clientIp: "198.51.100.7", cspNonce: "" });

/** The version an admin form sends back (updated_at in microseconds), as the page loaded it. */
async function versionOf(table: "therapists" | "blog_posts" | "contacts" | "group_bookings", id: string) {
  const result = await db.execute<{ version: string }>(
    sql`select (extract(epoch from updated_at) * 1000000)::bigint::text as version from ${sql.identifier(table)} where id = ${id}`,
  );
  return result.rows[0]!.version;
}

const request = pageRequest;
const call = routeCaller(context);
const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 100 } } })
    .png()
    .toBuffer();

interface RouteEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every module under /admin, read from the route table itself so a new admin route is never missed. */
function adminRouteModules() {
  const admin = (routes as RouteEntry[]).find((entry) => entry.path === "admin");
  if (!admin?.children?.length) throw new Error("no admin routes in app/routes.ts");
  const walk = (entries: RouteEntry[]): RouteEntry[] => entries.flatMap((entry) => [entry, ...walk(entry.children ?? [])]);
  return walk(admin.children);
}

/** Params that satisfy each dynamic segment, so the gate (not a 404) is what answers. */
function paramsFor(routePath: string | undefined) {
  const params: Record<string, string> = {};
  for (const match of (routePath ?? "").matchAll(/:(\w+)/g)) params[match[1]!] = match[1] === "dataset" ? "contatti" : "therapist-photo";
  return params;
}

/** Staff upload a legal document of a type on Documenti. */
async function uploadDocument(type: string, file: File) {
  return answer(await call(documentsAction, request("/admin/documenti", { cookie: adminCookie, method: "POST", body: form({ intent: "upload", type, file }) })));
}

describe("admin gate on the server", () => {
  const modules = adminRouteModules();

  it("finds the admin modules in the route table", () => {
    const files = modules.map((entry) => entry.file);
    expect(files).toEqual(expect.arrayContaining(["routes/admin/contacts.tsx", "routes/admin/therapists.tsx", "routes/admin/upload.ts", "routes/admin/export.ts"]));
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  for (const entry of modules) {
    it(`${entry.file}: loader and actions are refused to anonymous (401) and non-admin (403) users`, async () => {
      const mod = (await import(/* @vite-ignore */ path.resolve("app", entry.file))) as {
        default?: unknown;
        loader?: AnyHandler;
        action?: AnyHandler;
      };
      const params = paramsFor(entry.path);
      expect(mod.loader ?? mod.action, "an admin module without loader or action").toBeDefined();
      for (const [cookie, status] of [
        [undefined, 401],
        [userCookie, 403],
      ] as const) {
        if (mod.loader) {
          await expect(call(mod.loader, request(`/admin/${entry.path ?? ""}`, { cookie }), params)).rejects.toMatchObject({ status });
        }
        if (mod.action) {
          const body = form({ intent: "create", id: "00000000-0000-4000-8000-000000000000", file: new Blob(["x"]) });
          await expect(call(mod.action, request(`/admin/${entry.path ?? ""}`, { cookie, method: "POST", body }), params)).rejects.toMatchObject({
            status,
          });
        }
      }
    });
  }
});

const therapistFields = {
  intent: "create",
  name: "Dott.ssa Anna Verdi",
  role: "Psicologa Psicoterapeuta",
  specialization: "Ansia e relazioni",
  experience: "10 anni di esperienza",
  description: "Conduce gruppi per giovani adulti.",
  registration_number: "",
  biography: "",
  image: "",
  qualifications: [" Psicoterapeuta ", "psicoterapeuta", "", "EMDR"],
  approaches: ["Cognitivo-comportamentale"],
};

describe("therapists", () => {
  it("creates, updates and deletes a therapist in the database", async () => {
    const created = answer(await call(therapistsAction, request("/admin/terapeuti", { cookie: adminCookie, method: "POST", body: form(therapistFields) })));
    expect(created.body).toMatchObject({ ok: true, message: "Therapist added" });
    const id = String(created.body.id);
    const [row] = await db.select().from(therapists).where(eq(therapists.id, id));
    expect(row).toMatchObject({ name: "Dott.ssa Anna Verdi", registrationNumber: null, biography: null, image: null });
    expect(row!.qualifications).toEqual(["Psicoterapeuta", "EMDR"]);

    const updated = answer(
      await call(
        therapistsAction,
        request("/admin/terapeuti", {
          cookie: adminCookie,
          method: "POST",
          body: form({
            ...therapistFields,
            intent: "update",
            id,
            version: await versionOf("therapists", id),
            name: "Dott.ssa Anna Verdi Rossi",
            registration_number: "Albo Lazio n. 1",
          }),
        }),
      ),
    );
    expect(updated.body).toMatchObject({ ok: true, message: "Therapist updated" });
    const [changed] = await db.select().from(therapists).where(eq(therapists.id, id));
    expect(changed).toMatchObject({ name: "Dott.ssa Anna Verdi Rossi", registrationNumber: "Albo Lazio n. 1" });

    const page = (await call(therapistsLoader, request("/admin/terapeuti", { cookie: adminCookie }))) as { therapists: { id: string }[] };
    expect(page.therapists[0]!.id).toBe(id);

    const deleted = answer(await call(therapistsAction, request("/admin/terapeuti", { cookie: adminCookie, method: "POST", body: form({ intent: "delete", id }) })));
    expect(deleted.body).toMatchObject({ ok: true });
    expect(await db.select().from(therapists).where(eq(therapists.id, id))).toEqual([]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["create", "delete", "update"]);
  });

  it("refuses a therapist without the required fields with field errors (400)", async () => {
    const result = answer(
      await call(therapistsAction, request("/admin/terapeuti", { cookie: adminCookie, method: "POST", body: form({ ...therapistFields, name: " ", role: "" }) })),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ ok: false, error: "Failed to create/update therapist" });
    expect(refusal(result.body).fieldErrors).toMatchObject({ name: "Name is required", role: "Role is required" });
  });

  it("does not delete a therapist who leads a group and says why", async () => {
    const [therapist] = await db
      .insert(therapists)
      .values({ name: "Marco Neri", role: "Psicologo", specialization: "Ansia", experience: "5 anni", description: "Descrizione" })
      .returning();
    await db.insert(groups).values({
      therapistId: therapist!.id,
      name: "Gruppo del martedì",
      topic: "Ansia",
      weekday: 2,
      timeSlot: "Sera",
      startTime: "20:00",
      startsOn: "2030-01-01",
    });
    const result = answer(await call(therapistsAction, request("/admin/terapeuti", { cookie: adminCookie, method: "POST", body: form({ intent: "delete", id: therapist!.id }) })));
    expect(result.status).toBe(409);
    expect(result.body.error).toBe("Failed to delete therapist");
    expect(result.body.description).toContain('"Gruppo del martedì"');
    expect(await db.select().from(therapists).where(eq(therapists.id, therapist!.id))).toHaveLength(1);
  });
});

describe("uploads", () => {
  it("recognises raster images and PDFs by their bytes", async () => {
    expect(sniffImage(await png(10, 10))).toBe("png");
    expect(
      sniffImage(
        await sharp(await png(10, 10))
          .jpeg()
          .toBuffer(),
      ),
    ).toBe("jpeg");
    expect(
      sniffImage(
        await sharp(await png(10, 10))
          .webp()
          .toBuffer(),
      ),
    ).toBe("webp");
    expect(sniffImage(Buffer.from([0, 0, 0, 0x1c, ...Buffer.from("ftypavif")]))).toBe("avif");
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImage(Buffer.from("GIF89a"))).toBeNull();
    expect(isPdf(Buffer.from("%PDF-1.7\n"))).toBe(true);
    expect(isPdf(Buffer.from("<html><body>%PDF-</body></html>"))).toBe(false);
  });

  it("stores a therapist photo as responsive WebP under therapist-photos/therapists/", async () => {
    const body = form({ file: new File([new Uint8Array(await png())], "ritratto.png", { type: "image/png" }) });
    const response = (await call(uploadAction, request("/admin/upload/therapist-photo", { cookie: adminCookie, method: "POST", body }), {
      kind: "therapist-photo",
    })) as Response;
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^\/storage\/therapist-photos\/therapists\/\d+-[0-9a-f]+_w800\.webp$/);
    const stored = await storage().get("therapist-photos", url.replace("/storage/therapist-photos/", ""));
    expect(sniffImage(stored!.body)).toBe("webp");
  });

  it("refuses an image over 5 MB with 413", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const body = form({ file: new File([new Uint8Array(big)], "enorme.png", { type: "image/png" }) });
    const response = (await call(uploadAction, request("/admin/upload/blog-cover", { cookie: adminCookie, method: "POST", body }), {
      kind: "blog-cover",
    })) as Response;
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Il file è troppo grande. Massimo 5MB." });
  });

  it("refuses an SVG named .png with 415", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>';
    const body = form({ file: new File([svg], "foto.png", { type: "image/png" }) });
    const response = (await call(uploadAction, request("/admin/upload/blog-paragraph", { cookie: adminCookie, method: "POST", body }), {
      kind: "blog-paragraph",
    })) as Response;
    expect(response.status).toBe(415);
  });

  it("rejects a PDF upload that is really HTML with 415 and stores nothing", async () => {
    const html = new File(["<!doctype html><script>alert(1)</script>"], "privacy-policy.pdf", { type: "application/pdf" });
    const result = await uploadDocument("privacy-policy", html);
    expect(result.status).toBe(415);
    expect(result.body).toMatchObject({ error: "Errore upload", description: "Solo file PDF: il file non è un PDF." });
    expect(refusal(result.body).fieldErrors).toEqual({ file: "Solo file PDF: il file non è un PDF." });
    expect(await storage().exists("documents", "privacy-policy.pdf")).toBe(false);
    expect(await db.select().from(documents)).toEqual([]);
  });

  it("stores a real PDF under its type's name with its checksum, and a new upload replaces it", async () => {
    for (const version of ["1", "2"]) {
      const pdf = new File([new Uint8Array(await onePagePdf(`versione ${version}`))], "accordo.pdf", { type: "application/pdf" });
      const result = await uploadDocument("accordo-servizio", pdf);
      expect(result.body).toMatchObject({ ok: true, message: "Upload completato" });
    }
    const stored = await storage().get("documents", "accordo-servizio.pdf");
    expect(stored!.body.toString()).toContain("versione 2");
    const [row] = await db.select().from(documents).where(eq(documents.type, "accordo-servizio"));
    expect(row).toMatchObject({ fileName: "accordo-servizio.pdf", uploadedBy: "staff@example.com", size: stored!.body.length });
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const page = (await call(documentsLoader, request("/admin/documenti", { cookie: adminCookie }))) as {
      documents: { type: string; exists: boolean }[];
    };
    expect(page.documents.map((document) => [document.type, document.exists])).toEqual([
      ["accordo-servizio", true],
      ["termini-condizioni", false],
      ["privacy-policy", false],
    ]);
  });
});

describe("contacts", () => {
  it("exports the filtered rows as CSV with formulas neutralised", async () => {
    await db.insert(contacts).values([
      { name: '=HYPERLINK("http://evil.example","clic")', email: "evil@example.com", subject: "+SUM(1,2)", message: "@cmd\nriga due" },
      { name: "Anna Bianchi", email: "anna@example.com", subject: "Info", message: "Ciao, grazie" },
    ]);
    const response = (await call(exportLoader, request("/admin/esporta/contatti?q=evil", { cookie: adminCookie }), {
      dataset: "contatti",
    })) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="contatti-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await response.text();
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Data,Nome,Email,Telefono,Oggetto,Messaggio,Stato");
    expect(lines).toHaveLength(3); // header, one row (the filter), final newline
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""clic"")"`);
    expect(text).toContain(`"'+SUM(1,2)"`);
    expect(text).toContain(`"'@cmd\nriga due"`);
    expect(text).not.toContain("Anna Bianchi");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
  });

  it("moves a contact through the status workflow and filters by status", async () => {
    const [contact] = await db.insert(contacts).values({ name: "Luca Verdi", email: "luca@example.com", subject: "Orari", message: "Quando?" }).returning();
    const result = answer(
      await call(
        contactsAction,
        request("/admin?index", {
          cookie: adminCookie,
          method: "POST",
          body: form({ intent: "set-status", id: contact!.id, status: "in_progress", version: await versionOf("contacts", contact!.id) }),
        }),
      ),
    );
    expect(result.body).toMatchObject({ ok: true, message: "Stato aggiornato: In lavorazione" });
    const page = (await call(contactsLoader, request("/admin?status=in_progress", { cookie: adminCookie }))) as {
      rows: { id: string }[];
      total: number;
    };
    expect(page.rows.map((row) => row.id)).toEqual([contact!.id]);
    const invalid = answer(
      await call(
        contactsAction,
        request("/admin?index", {
          cookie: adminCookie,
          method: "POST",
          body: form({ intent: "set-status", id: contact!.id, status: "deleted" }),
        }),
      ),
    );
    expect(invalid.status).toBe(400);
  });
});

describe("bookings", () => {
  it("confirms a request and moves a booking to another group, queueing an e-mail each time", async () => {
    const [therapist] = await db
      .insert(therapists)
      .values({ name: "Giulia Blu", role: "Psicologa", specialization: "Solitudine", experience: "8 anni", description: "Descrizione" })
      .returning();
    const [first, second] = await db
      .insert(groups)
      .values([
        {
          therapistId: therapist!.id,
          name: "Primo",
          topic: "Tema",
          weekday: 1,
          timeSlot: "Sera",
          startTime: "19:00",
          startsOn: "2030-02-01",
          capacity: 1,
        },
        {
          therapistId: therapist!.id,
          name: "Secondo",
          topic: "Tema",
          weekday: 3,
          timeSlot: "Mattina",
          startTime: "10:00",
          startsOn: "2030-02-03",
        },
      ])
      .returning();
    const [booking] = await db.insert(groupBookings).values({ groupId: first!.id, therapistId: therapist!.id, email: "persona@example.com", name: "Sara" }).returning();
    const post = (fields: Record<string, string>) => call(bookingsAction, request("/admin/prenotazioni", { cookie: adminCookie, method: "POST", body: form(fields) })).then(answer);

    expect((await post({ intent: "confirm", id: booking!.id, version: await versionOf("group_bookings", booking!.id) })).body).toMatchObject({
      ok: true,
      message: "Prenotazione confermata",
    });
    const [full] = await db.select().from(groups).where(eq(groups.id, first!.id));
    expect(full!.status).toBe("full");

    const moved = await post({ intent: "move", id: booking!.id, version: await versionOf("group_bookings", booking!.id), group_id: second!.id });
    expect(moved.body).toMatchObject({ ok: true, message: "Prenotazione spostata" });
    // The same booking changes group (its charges and payments follow it), still confirmed.
    const rows = await db.select().from(groupBookings).where(eq(groupBookings.email, "persona@example.com"));
    expect(rows.map((row) => [row.id, row.groupId, row.status])).toEqual([[booking!.id, second!.id, "confirmed"]]);
    const [reopened] = await db.select().from(groups).where(eq(groups.id, first!.id));
    expect(reopened!.status).toBe("open");
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "persona@example.com"));
    expect(mail.map((message) => message.template).sort()).toEqual(["booking-confirmed", "booking-moved"]);

    const again = await post({ intent: "confirm", id: booking!.id, version: await versionOf("group_bookings", booking!.id) });
    expect(again.status).toBe(409);
  });
});

/** A list as the blog form posts it: each row's fields on their own (`images_data[0].alt`). */
function rows(name: string, list: Record<string, string>[]) {
  return Object.fromEntries(list.flatMap((row, index) => Object.entries(row).map(([field, value]) => [`${name}[${index}].${field}`, value])));
}

const validPost = {
  intent: "create",
  title: "Ansia e solitudine: cosa fare?",
  subtitle: "",
  excerpt: "Un estratto.",
  read_time: "5 min",
  published_date: "2025-05-01",
  slug: "",
  is_published: "on",
  meta_title: "Ansia e solitudine",
  meta_description: "Una descrizione per i motori di ricerca.",
  introduction: "Introduzione.",
  ...rows("main_sections", [
    { type: "h2", title: "Prima parte", content: "Testo." },
    { type: "h3", title: "", content: "" },
  ]),
  ...rows("internal_links", [{ text: "Questionario", url: "/questionario" }]),
  conclusion: "Conclusione.",
  cta_text: "Inizia il tuo percorso di crescita con Insieme",
  cta_link: "/questionario",
  image_url: "",
  image_credits: "",
  ...rows("images_data", [{ url: "/storage/blog-images/paragraphs/x_w640.webp", alt: "Una persona", caption: "", position: "" }]),
};

describe("blog", () => {
  const save = (fields: Record<string, string>) => call(blogAction, request("/admin/blog", { cookie: adminCookie, method: "POST", body: form(fields) })).then(answer);

  it("shows the spec's validation messages and saves nothing", async () => {
    const result = await save({
      ...validPost,
      title: "",
      introduction: " ",
      meta_title: "x".repeat(66),
      meta_description: "y".repeat(161),
      ...rows("images_data", [{ url: "/storage/blog-images/paragraphs/x_w640.webp", alt: "", caption: "", position: "1.5" }]),
      ...rows("external_links", [{ text: "Fonte", url: "javascript:alert(1)" }]),
      ...rows("main_sections", [
        { type: "h2", title: "", content: "" },
        { type: "h3", title: "", content: "" },
      ]),
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ ok: false, error: "Errore durante il salvataggio dell'articolo" });
    expect(refusal(result.body).fieldErrors).toMatchObject({
      title: "Il titolo è obbligatorio",
      introduction: "L'introduzione è obbligatoria",
      meta_title: "Il meta title può avere al massimo 65 caratteri",
      meta_description: "La meta description può avere al massimo 160 caratteri",
      "images_data[0].alt": "Il testo alternativo dell'immagine è obbligatorio",
      "images_data[0].position": "La posizione deve essere un numero intero maggiore o uguale a 0",
      "external_links[0].url": "Link non valido: usa un indirizzo http(s) o un percorso del sito che inizia con /",
      main_sections: "Deve esserci almeno una sezione",
    });
    expect(await db.select().from(blogPosts)).toEqual([]);
  });

  it("refuses an image without its alternative text on that row's field (400), with the toast's texts, and stores nothing", async () => {
    const result = await save({
      ...validPost,
      ...rows("images_data", [
        { url: "/storage/blog-images/paragraphs/x_w640.webp", alt: "Una persona", caption: "", position: "0" },
        { url: "/storage/blog-images/paragraphs/y_w640.webp", alt: " ", caption: "Una didascalia", position: "120" },
      ]),
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ ok: false, error: "Errore durante il salvataggio dell'articolo", description: "Controlla i campi evidenziati." });
    expect(refusal(result.body)).toEqual({ fieldErrors: { "images_data[1].alt": "Il testo alternativo dell'immagine è obbligatorio" } });
    // Conform's answer carries what was sent, so the form keeps every row as typed.
    expect(result.body.result).toMatchObject({ initialValue: { images_data: [{ alt: "Una persona" }, { caption: "Una didascalia" }] } });
    expect(await db.select().from(blogPosts)).toEqual([]);
  });

  it("a save that fails after the form was read (the post is gone) answers 404 and a reply without field messages, so none stays on the form", async () => {
    const result = await save({ ...validPost, intent: "update", id: "00000000-0000-4000-8000-000000000000", version: "1764120000000000" });
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ ok: false, error: "Errore durante il salvataggio dell'articolo", description: "Articolo non trovato" });
    expect(result.body.result).toBeDefined();
    expect(refusal(result.body)).toEqual({ fieldErrors: {} });
  });

  it("creates a post with a unique slug, nulls for empty optional text and no content", async () => {
    const first = await save(validPost);
    expect(first.body).toMatchObject({ ok: true, message: "Articolo creato con successo" });
    const second = await save(validPost);
    const rows = await db.select().from(blogPosts);
    expect(rows.map((row) => row.slug).sort()).toEqual(["ansia-e-solitudine-cosa-fare", "ansia-e-solitudine-cosa-fare-2"]);
    const [post] = await db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.id, String(first.body.id)));
    expect(post).toMatchObject({ subtitle: null, imageUrl: null, imageCredits: null, content: null, isPublished: true, isFeatured: false });
    expect(post!.mainSections).toEqual([{ type: "h2", title: "Prima parte", content: "Testo." }]);
    expect(post!.imagesData).toEqual([{ url: "/storage/blog-images/paragraphs/x_w640.webp", alt: "Una persona", caption: null, position: 0 }]);

    const updated = await save({
      ...validPost,
      intent: "update",
      id: String(second.body.id),
      version: await versionOf("blog_posts", String(second.body.id)),
      slug: "Ansia e solitudine: cosa fare?",
      is_published: "",
    });
    expect(updated.body).toMatchObject({ ok: true, message: "Articolo aggiornato con successo" });
    const [draft] = await db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.id, String(second.body.id)));
    expect(draft).toMatchObject({ slug: "ansia-e-solitudine-cosa-fare-2", isPublished: false });

    const removed = await save({ intent: "delete", id: String(second.body.id) });
    expect(removed.body).toMatchObject({ ok: true, message: "Articolo eliminato con successo" });
    expect(await db.select().from(blogPosts)).toHaveLength(1);
  });

  it("keeps neither the post nor its audit entry when the save fails after the write: both commit together or not at all", async () => {
    const before = { posts: (await db.select().from(blogPosts)).length, entries: (await db.select().from(auditLog)).length };
    const failingAction = recordAction({
      scope: "admin-blog-test",
      entity: "blog_post",
      schema: blogPostInputSchema,
      create: createPost,
      update: updatePost,
      afterSave: async () => {
        throw new Error("the step after the write failed");
      },
      messages: { saveFailed: "Non salvato", checkFields: "Controlla", notFound: "Non trovato", created: "Creato", updated: "Aggiornato", unknown: "Sconosciuta" },
    });
    const result = answer(
      await call(failingAction, request("/admin/blog", { cookie: adminCookie, method: "POST", body: form({ ...validPost, title: "Un articolo mai salvato" }) })),
    );
    expect(result.status).toBe(500);
    expect(result.body).toMatchObject({ ok: false, error: "Non salvato" });
    expect((await db.select().from(blogPosts)).length).toBe(before.posts);
    expect((await db.select().from(auditLog)).length).toBe(before.entries);
  });
});

describe("draft preview", () => {
  it("shows a draft to a signed-in admin only, never cached", async () => {
    const { loader: articleLoader } = await import("../../app/routes/blog-post");
    const [draft] = await db
      .insert(blogPosts)
      .values({
        title: "Bozza segreta",
        excerpt: "e",
        readTime: "3 min",
        publishedDate: "2099-01-01",
        metaTitle: "m",
        metaDescription: "d",
        slug: "bozza-segreta",
        isPublished: false,
      })
      .returning();
    const open = (cookie?: string) =>
      articleLoader({
        request: new Request("http://localhost:3000/blog/bozza-segreta?anteprima", { headers: cookie ? { cookie } : {} }),
        params: { slug: "bozza-segreta" },
        context: { db, clientIp: "1", cspNonce: "" },
      } as never);
    await expect(open()).rejects.toMatchObject({ init: { status: 404 } });
    await expect(open(userCookie)).rejects.toMatchObject({ init: { status: 404 } });
    const result = (await open(adminCookie)) as { data: { post: { title: string }; preview: { published: boolean } }; init: { headers: Record<string, string> } };
    expect(result.data.post.title).toBe(draft!.title);
    expect(result.data.preview.published).toBe(false);
    expect(result.init.headers["Cache-Control"]).toBe("private, no-store");
  });
});
