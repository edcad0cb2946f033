import { expect, test } from "@playwright/test";
import { submitQuestionnaire } from "./support/questionnaire";

/**
 * A person books an evening introductory call with the demo therapist (evenings Monday to Thursday,
 * seeded by seed-intake-calls.server.ts): the day strip by keyboard, an evening slot, the thank-you.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false }));
  });
});

test("a person picks an evening slot from the day strip, by keyboard, and books it", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "what differs on a phone is the swipe, not the booking");
  const email = `serale-${Date.now()}@example.com`;
  const token = await submitQuestionnaire(page, email, { time_preference: "Sera" });

  await page.goto(`/call-sara?name=Sara&email=${encodeURIComponent(email)}&token=${token}`);
  await expect(page.locator('[data-ready="true"]').first()).toBeAttached();
  const days = page.getByRole("group", { name: "Giorno" }).getByRole("button");
  await expect(days.first()).toHaveAttribute("aria-pressed", "true");

  // The arrow keys walk the days (one tab stop) until one with evening times.
  await days.first().focus();
  let evening = -1;
  for (let index = 0; index < 14; index++) {
    const pressed = page.getByRole("group", { name: "Giorno" }).getByRole("button", { pressed: true });
    if (/anche di sera/.test((await pressed.getAttribute("aria-label")) ?? "")) {
      evening = index;
      break;
    }
    await page.keyboard.press("ArrowRight");
    await expect(days.nth(index + 1)).toHaveAttribute("aria-pressed", "true");
    await expect(days.nth(index + 1)).toBeFocused();
  }
  expect(evening).toBeGreaterThanOrEqual(0);

  const slot = page.getByRole("radio", { name: /alle 20:30$/ });
  const label = (await slot.getAttribute("aria-label"))!;
  await slot.check({ force: true });
  await expect(page.getByText(/^Hai scelto/)).toContainText("20:30");
  await page.getByLabel("Numero di telefono").fill("+39 333 111 2233");
  // The call is for adults (decision 075).
  await page.getByRole("checkbox", { name: /almeno 18 anni/ }).check();
  const request = page.waitForResponse((response) => response.url().endsWith("/api/update-group-selection"));
  await page.getByRole("button", { name: "Richiedi la chiamata gratuita" }).click();
  expect((await request).status()).toBe(201);
  await expect(page.getByRole("heading", { name: "Grazie, Sara!" })).toBeVisible();
  await expect(page.getByText(label).first()).toBeVisible();

  await page.goto(`/call-sara?name=Sara&email=${encodeURIComponent(email)}&token=${token}`);
  await expect(page.locator('[data-ready="true"]').first()).toBeAttached();
  const day = label.slice(0, label.indexOf(" alle "));
  await page
    .getByRole("group", { name: "Giorno" })
    .getByRole("button", { name: new RegExp(`^${day},`) })
    .click();
  await expect(page.getByRole("radio", { name: `${label}, già prenotato` })).toBeDisabled();
});
