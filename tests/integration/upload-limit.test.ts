import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_TOO_LARGE } from "../../app/domain/flash";
import AdminDocuments, { loader as documentsLoader } from "../../app/routes/admin/documents";
import ClientPayments, { loader as clientPaymentsLoader } from "../../app/routes/client/payments";
import type { Database } from "../../app/server/db/client.server";
import { bodySizeLimit } from "../../server/app";
import { signedInClient } from "./client-session";
import { testDatabase } from "./database";
import { attendingMember, signedInStaff } from "./helpers";
import { pageRequest, routeCaller } from "./route-calls";

/**
 * An upload sent without JavaScript over the server's cap (issue 34, item 9): the body is never read,
 * and the browser goes back to the form's page, which says under the file field that the file is too
 * large, instead of landing on a bare JSON answer. A request from a script (JavaScript on) keeps the
 * 413 the page's own code turns into the field's message; a member's ISEE attestation of a few MB
 * reaches its action, which checks the 5 MB itself.
 */

let server: http.Server;
let base: string;
let db: Database;
const call = routeCaller(() => ({ db, clientIp: "198.51.100.77", cspNonce: "" }));

beforeAll(async () => {
  db = await testDatabase();
  const app = express();
  app.use(bodySizeLimit);
  app.use((req, res) => {
    req.resume();
    req.once("end", () => res.status(200).json({ reached: req.originalUrl }));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A multipart post of `megabytes` as a browser sends it: by itself (`navigate`, no JavaScript) or from a script. */
async function post(path: string, megabytes: number, mode: "navigate" | "cors") {
  const body = new FormData();
  body.set("intent", "upload");
  body.set("file", new Blob([new Uint8Array(megabytes * 1024 * 1024)], { type: "application/pdf" }), "grande.pdf");
  const encoded = new Response(body);
  const bytes = Buffer.from(await encoded.arrayBuffer());
  return new Promise<{ status: number; location?: string; cookie?: string; body: string }>((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      { method: "POST", headers: { "Content-Type": encoded.headers.get("content-type")!, "Content-Length": bytes.length, "Sec-Fetch-Mode": mode }, agent: false },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode!, location: response.headers.location, cookie: response.headers["set-cookie"]?.[0], body: text }));
      },
    );
    request.on("error", reject);
    request.end(bytes);
  });
}

describe("an upload over the server's cap", () => {
  it("sent without JavaScript goes back to its page with the flash that names the file field", async () => {
    const isee = await post("/area-personale/pagamenti", 7, "navigate");
    expect(isee).toMatchObject({ status: 303, location: "/area-personale/pagamenti" });
    expect(isee.cookie).toMatch(/^flash=upload\.error\.file; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax/);
    const document = await post("/admin/documenti?tipo=privacy-policy", 7, "navigate");
    expect(document).toMatchObject({ status: 303, location: "/admin/documenti?tipo=privacy-policy" });
    // Never to another host.
    expect((await post("//evil.example/admin/documenti", 7, "navigate")).location).toBe("/");
  });

  it("sent by a script keeps its 413, which the page's code shows on the field", async () => {
    const answer = await post("/admin/documenti", 7, "cors");
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: "Richiesta troppo grande." });
  });

  it("lets a member's ISEE attestation of a few MB through to its action, which checks the 5 MB", async () => {
    expect(await post("/area-personale/pagamenti", 3, "navigate")).toMatchObject({ status: 200, body: JSON.stringify({ reached: "/area-personale/pagamenti" }) });
    expect((await post("/area-personale/dati", 3, "cors")).status).toBe(413);
  });
});

/** The page at `url` as the server renders it after the redirect, the root holding the flash. */
function renderedWithFlash(path: string, url: string, Component: unknown, loaderData: unknown) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      loader: () => ({ flash: UPLOAD_TOO_LARGE }),
      children: [{ id: "page", path, Component: Component as never, loader: () => loaderData }],
    },
  ]);
  const html = renderToString(createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { root: { flash: UPLOAD_TOO_LARGE }, page: loaderData } } }));
  return html.replaceAll("<!-- -->", "");
}

describe("the page the browser comes back to", () => {
  it("/area-personale/pagamenti says under the ISEE file field that the file is too large", async () => {
    await attendingMember(db, "isee-grande@example.com", 1, "isee-grande");
    const cookie = await signedInClient(db, "isee-grande@example.com");
    const loaded = await call(clientPaymentsLoader, pageRequest("/area-personale/pagamenti", { cookie }));
    const html = renderedWithFlash("area-personale/pagamenti", "/area-personale/pagamenti", ClientPayments, (loaded as { data: unknown }).data);
    const input = /<input[^>]*type="file"[^>]*>/.exec(html)?.[0];
    expect(input).toContain('aria-invalid="true"');
    const described = /aria-describedby="([^"]+)"/.exec(input!)![1];
    expect(html).toMatch(new RegExp(`id="${described}"[^>]*>Il file è troppo grande\\. Massimo 5MB\\.<`));
  });

  it("/admin/documenti says it on the row whose upload it was, not on the others", async () => {
    const { cookie } = await signedInStaff(db, "staff-documenti-grandi@example.com");
    const loaded = await call(documentsLoader, pageRequest("/admin/documenti?tipo=privacy-policy", { cookie }));
    const html = renderedWithFlash("admin/documenti", "/admin/documenti?tipo=privacy-policy", AdminDocuments, loaded);
    expect(html.match(/role="alert"[^>]*>Il file è troppo grande/g)).toHaveLength(1);
    expect(html).toMatch(/id="document-privacy-policy-error"[^>]*>Il file è troppo grande/);
    // Without JavaScript a chosen file is sent by its own button.
    expect(html).toContain("Invia il PDF");
  });
});
