import { expect, test } from "@playwright/test";

const navNames = ["Chi siamo", "Come funziona", "Il nostro metodo", "Terapeuti", "Blog", "Prezzi", "Contatti"];

test.describe("site shell", () => {
  test("home is server-rendered in Italian", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="it"');
    expect(html).toContain('property="og:locale" content="it_IT"');
    expect(response.headers()["content-security-policy"]).toContain("nonce-");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["x-powered-by"]).toBeUndefined();
  });

  test("public HTML is cached per URL but every response carries its own fresh nonce", async ({ request }) => {
    const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
    await request.get("/termini");
    const first = await request.get("/termini");
    const second = await request.get("/termini");
    expect(second.headers()["x-page-cache"]).toBe("hit");
    const [a, b] = [nonceOf(first.headers()["content-security-policy"]!), nonceOf(second.headers()["content-security-policy"]!)];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
    expect(await second.text()).toContain(`nonce="${b}"`);
    expect(second.headers()["cache-control"]).toMatch(/s-maxage=\d+/);
    const etag = second.headers()["etag"]!;
    const revalidated = await request.get("/termini", { headers: { "If-None-Match": etag } });
    expect(revalidated.status()).toBe(304);
    const personal = await request.get("/gruppi-matching?email=a%40example.com&name=A");
    expect(personal.headers()["x-page-cache"]).toBeUndefined();
  });

  test("health check answers ok after checking the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("the top bar has the seven links and Inizia ora on desktop", async ({ page, isMobile }) => {
    test.skip(isMobile, "desktop layout");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Principale" });
    for (const name of navNames) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Inizia ora" }).click();
    await expect(page).toHaveURL(/\/questionario$/);
  });

  test("the mobile drawer lists the links and closes when one is chosen", async ({ page, isMobile }) => {
    test.skip(!isMobile, "mobile layout");
    await page.goto("/");
    await page.getByRole("button", { name: "Apri il menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    for (const name of navNames) await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Inizia il questionario" })).toBeVisible();
    await drawer.getByRole("link", { name: "Prezzi", exact: true }).click();
    await expect(page).toHaveURL(/\/prezzi$/);
    await expect(drawer).toBeHidden();
  });

  test("the logo falls back to the text brand when its image fails", async ({ page }) => {
    await page.route("**/logo.svg", (route) => route.abort());
    await page.goto("/prezzi");
    await expect(page.getByRole("banner").getByText("Insieme", { exact: true })).toBeVisible();
  });

  test("an unknown path shows the 404 page with status 404", async ({ page }) => {
    const response = await page.goto("/questa-pagina-non-esiste");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Torna alla home" }).click();
    await expect(page).toHaveURL(/\/$/);
    const deep = await page.goto("/a/b/c");
    expect(deep?.status()).toBe(404);
  });

  test("every route of the spec answers without a 404", async ({ request }) => {
    const paths = ["/", "/about", "/questionario", "/questionario-interno", "/gruppi-matching", "/call-mario", "/grazie", "/blog", "/prezzi", "/contatti", "/terapeuti", "/nostro-metodo", "/termini", "/privacy", "/conferma-iscrizione", "/accordo-servizio", "/admin", "/test-followup", "/sitemap.xml", "/robots.txt", "/blog/rss.xml"];
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.status(), path).toBeLessThan(400);
    }
    const old = await request.get("/questionario-vecchio", { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers()["location"]).toBe("/questionario");
  });
});

test.describe("cookie banner", () => {
  test("Accept all stores full consent and hides the banner on later visits", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "La tua privacy conta" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Accetta tutti" }).click();
    await expect(banner).toBeHidden();
    const stored = await page.evaluate(() => localStorage.getItem("cookieConsent"));
    expect(JSON.parse(stored!)).toEqual({ necessary: true, analytics: true, marketing: true });
    await page.reload();
    await expect(page.getByRole("region", { name: "La tua privacy conta" })).toBeHidden();
  });

  test("Necessary only stores analytics and marketing false", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("button", { name: "Solo necessari" }).click();
    const stored = await page.evaluate(() => localStorage.getItem("cookieConsent"));
    expect(JSON.parse(stored!)).toEqual({ necessary: true, analytics: false, marketing: false });
  });

  test("Customize has necessary locked on; Cancel stores nothing, Save stores the toggles", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Personalizza" }).click();
    const dialog = page.getByRole("dialog", { name: "Preferenze cookie" });
    await expect(dialog.getByRole("switch", { name: "Necessari" })).toBeDisabled();
    await expect(dialog.getByRole("switch", { name: "Necessari" })).toBeChecked();
    await dialog.getByRole("button", { name: "Annulla" }).click();
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBeNull();
    await page.getByRole("button", { name: "Personalizza" }).click();
    await dialog.getByRole("switch", { name: "Analitici" }).click();
    await dialog.getByRole("button", { name: "Salva" }).click();
    const stored = await page.evaluate(() => localStorage.getItem("cookieConsent"));
    expect(JSON.parse(stored!)).toEqual({ necessary: true, analytics: true, marketing: false });
  });
});
