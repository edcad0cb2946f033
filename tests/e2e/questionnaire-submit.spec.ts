import { expect, test } from "@playwright/test";
import type { QuestionnaireDraft } from "../../app/domain/questionnaire";
import { waitForMail } from "./support/mail";
import { acceptGateConsent } from "./support/fixtures";
import { proofOfWorkHeader } from "./support/proof-of-work";
import { validAnswers } from "../support/valid-answers.mjs";

/** The shared valid answers, under this test's name (the e-mail and the redirect show it). */
const answers = (email: string): QuestionnaireDraft => ({ ...validAnswers, name: "Sara Bianchi", email });

test("a real submission (clicked twice) is stored once, e-mailed through SMTP, and lands on the recommended groups", async ({ page }, testInfo) => {
  const email = `quiz-${testInfo.project.name}-${Date.now()}@example.com`;
  const key = crypto.randomUUID();
  await page.addInitScript(() => localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false })));
  await acceptGateConsent(page.context(), test.info().project.use.baseURL);
  await page.goto("/questionario");
  await page.evaluate(
    ([draft, idempotencyKey]) => {
      sessionStorage.setItem("questionnaireDraft", JSON.stringify({ ...draft, idempotencyKey, reachedSteps: [] }));
    },
    [{ step: 23, answers: answers(email) }, key] as const,
  );
  await page.goto("/questionario-interno");
  const send = page.getByRole("button", { name: "Invia" });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/submit-questionnaire")) posts.push(request.headers()["idempotency-key"] ?? "");
  });
  await send.dblclick();
  await expect(page).toHaveURL(/\/gruppi-matching\?email=.+&name=Sara.*&token=[A-Za-z0-9_-]{43}/);
  expect(new Set(posts).size).toBe(1);
  await expect(page.getByText("Consigliato").first()).toBeVisible();

  const mail = await waitForMail(email, "I gruppi consigliati per te");
  expect(mail.text).toContain("Sara Bianchi");
  expect(mail.text).toMatch(/gruppi-matching\?email=.+&token=[A-Za-z0-9_-]{43}/);
  // The link in the e-mail is the same capability as the redirect: it opens the personal page.
  const link = /https?:\/\/\S+\/gruppi-matching\?[^\s\]"]+/.exec(mail.text)![0];
  expect(new URL(link).searchParams.get("token")).toBe(new URL(page.url()).searchParams.get("token"));

  // The same key again returns the stored record: there is exactly one.
  const retry = await page.request.post("/api/submit-questionnaire", {
    headers: { "Idempotency-Key": key, "Content-Type": "application/json", ...(await proofOfWorkHeader()) },
    data: { ...answers(email), source: "website", utm: {} },
  });
  expect(retry.status()).toBe(201);
});
