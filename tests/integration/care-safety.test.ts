import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import HelpNow, { meta as helpMeta } from "../../app/routes/aiuto-subito";
import ClientLayout from "../../app/routes/client/layout";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import { action as updateGroupSelection } from "../../app/routes/api/update-group-selection";
import type { Database } from "../../app/server/db/client.server";
import { testDatabase } from "./database";
import { accessTokenFor, postJson, queuedMail, therapistWithGroup, validAnswers } from "./helpers";

/**
 * Care and safety (issue 30 points 4 and 5): "Hai bisogno di aiuto subito?" linked from the client
 * area and from every e-mail to a person; groups only for adults.
 */

beforeAll(() => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-care-safety-"));
});

const HELP_URL = "http://localhost:3000/aiuto-subito";

/** A route component as the server renders it, with the loader data it would get. */
function rendered(Component: unknown, url: string, loaderData: unknown = null) {
  const Stub = createRoutesStub([{ id: "page", path: url, Component: Component as never, loader: () => loaderData }]);
  return renderToString(createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { page: loaderData } } }));
}

async function submit(db: Database, email: string, overrides: Record<string, unknown> = {}) {
  const result = await postJson(submitQuestionnaire, db, { ...validAnswers, email, ...overrides });
  expect(result.status).toBe(201);
}

describe("Hai bisogno di aiuto subito?", () => {
  it("is a public page with the emergency number 112, the helplines, and the site's title, description and JSON-LD", () => {
    const html = rendered(HelpNow, "/aiuto-subito");
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
      const html = rendered(ClientLayout, "/area-personale", { signedIn, email: signedIn ? "utente@example.com" : null });
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
