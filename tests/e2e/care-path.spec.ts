import { expect, type Page } from "@playwright/test";
import type { CallSlotDay } from "../../app/domain/matching-types";
import { answerCookieBanner, signInAsTherapist, signInClient, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { proofOfWorkHeader } from "./support/proof-of-work";
import { submitQuestionnaire } from "./support/questionnaire";
import { DEMO_THERAPIST } from "./support/server-env";

/**
 * The care path of issue 30 from both sides, on the demo: the demo therapist concludes a past call by
 * recording its outcome (the seed leaves Luca's call without one) and finds it after a reload; a person
 * with a booked call moves it and then cancels it from their area, and each change reaches both the
 * person and the therapist by e-mail with the calendar invite. Desktop only: nothing here differs on a phone.
 */
test.beforeEach(({ context }) => answerCookieBanner(context));

test("the demo therapist records the outcome of a past call and finds it after a reload", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "the same path on a phone adds nothing");
  test.setTimeout(90_000);
  await signInAsTherapist(page);
  await page.goto("/terapeuta-area/chiamate");
  const awaiting = page.getByRole("region", { name: "Esito da registrare" });
  await awaiting.getByRole("link", { name: /^Registra l'esito: Luca \(demo\)/ }).click();
  await expect(page.getByRole("heading", { name: "Luca (demo)", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");

  await page.getByRole("combobox", { name: "Livello di rischio" }).selectOption({ label: "Nessuno" });
  await page.getByRole("combobox", { name: "Esito", exact: true }).selectOption({ label: "Non si è presentatə" });
  await page.getByRole("button", { name: "Registra l'esito" }).click();
  await expect(page.getByText(/inviato il link per prenotare di nuovo/)).toBeVisible();

  await page.reload();
  await expect(page.getByText(/^Già registrato: puoi correggerlo/)).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Esito", exact: true })).toHaveValue("no_show");
  await expect(page.getByRole("combobox", { name: "Livello di rischio" })).toHaveValue("none");
  // The person gets the one link to book again, and the call leaves the list of those to conclude.
  const mail = await waitForMail("esito-demo-4@example.invalid", "La chiamata conoscitiva: scegli un nuovo orario");
  expect(mail.text).toMatch(/\/call-/);
  await page.goto("/terapeuta-area/chiamate");
  await expect(page.getByRole("heading", { name: "Chiamate conoscitive", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /Luca \(demo\)/ })).toHaveCount(0);
});

/** The radio of the first free time on the strip's days other than `except` (the call's own time), checked. */
async function pickAnotherTime(page: Page, except: string) {
  const days = page.getByRole("group", { name: "Giorno" }).getByRole("button");
  for (let index = 0; index < (await days.count()); index++) {
    await days.nth(index).click();
    const free = page.getByRole("radiogroup").getByRole("radio", { disabled: false });
    for (let slot = 0; slot < (await free.count()); slot++) {
      const label = (await free.nth(slot).getAttribute("aria-label"))!;
      if (label === except) continue;
      await free.nth(slot).check({ force: true });
      return label;
    }
  }
  throw new Error("no other free time on the call's strip");
}

/** Waits for the e-mail to the person and the one to the therapist, each with the calendar invite. */
async function bothSidesHear(person: string, toPerson: string, toTherapist: string) {
  for (const [address, subject] of [
    [person, toPerson],
    [DEMO_THERAPIST.email, toTherapist],
  ] as const) {
    const mail = await waitForMail(address, subject);
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([expect.stringMatching(/\.ics$/)]);
  }
}

test("a person moves their call to another time, then cancels it, and both sides are told each time with the invite", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "the same path on a phone adds nothing");
  test.setTimeout(120_000);
  const email = `sposta-chiamata-${Date.now()}@example.com`;
  const token = await submitQuestionnaire(page, email, { time_preference: "Sera" });
  // A free time at least two days ahead (changes close 12 hours before), booked with the person's own link.
  const { days } = (await (await page.request.get("/api/call-slots")).json()) as { days: CallSlotDay[] };
  const bookable = (free: CallSlotDay["slots"][number]) => !free.taken && new Date(free.start).getTime() > Date.now() + 2 * 86_400_000;
  const day = days.find((candidate) => candidate.slots.some(bookable))!;
  const slot = day.slots.find(bookable)!;
  const booked = await page.request.post("/api/call-slots", {
    data: { email, name: "Elena", phone: "+39 333 444 5566", adult: true, start: slot.start, token },
    headers: await proofOfWorkHeader(),
  });
  expect(booked.status()).toBe(201);

  await signInClient(page, email, "/area-personale/chiamata");
  await expect(page.getByRole("heading", { name: "La tua chiamata conoscitiva", level: 1 })).toBeVisible();
  const call = page.getByRole("region", { name: /^Chiamata di / });
  await expect(call).toHaveCount(1);
  const before = (await call.getAttribute("aria-label"))!.replace(/^Chiamata di /, "");
  await page.waitForLoadState("networkidle");

  // Moved: the page says to when, both sides get the new time with the updated invite.
  const chosen = await pickAnotherTime(page, `${day.label} alle ${slot.time}`);
  const picked = chosen.slice(chosen.lastIndexOf(" alle ") + " alle ".length);
  await page.getByRole("button", { name: "Sposta la chiamata" }).click();
  const done = page.getByText(/^Chiamata spostata a .+\. Ti abbiamo scritto per email\.$/);
  await expect(done).toBeVisible();
  const moved = /^Chiamata spostata a (.+)\. Ti abbiamo scritto/.exec((await done.textContent())!)![1]!;
  expect(moved).not.toBe(before);
  expect(moved).toContain(picked);
  await expect(page.getByRole("region", { name: `Chiamata di ${moved}` })).toBeVisible();
  await bothSidesHear(email, `Chiamata conoscitiva spostata: ${moved}`, `Chiamata spostata: ${moved}`);

  // Cancelled: no call left on the page, both sides told, again with the invite (now a cancellation).
  await page.getByText("Annulla la chiamata", { exact: true }).click();
  await page.getByRole("button", { name: "Sì, annulla la chiamata" }).click();
  await expect(page.getByText("Chiamata annullata. Ti abbiamo scritto per email.")).toBeVisible();
  await expect(page.getByText("Non hai chiamate in programma.")).toBeVisible();
  await bothSidesHear(email, "Chiamata conoscitiva annullata", `Chiamata annullata: ${moved}`);
});
