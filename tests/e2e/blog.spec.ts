import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { blogSeedPosts } from "../../app/content/blog-seed";

/** The visitor has already answered the cookie banner, so it covers nothing on these pages. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false }));
  });
});

const featured = blogSeedPosts.find((post) => post.is_featured)!;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("blog list", () => {
  test("shows the featured post first, then the others newest first, with Italian dates", async ({ page }) => {
    const response = await page.goto("/blog");
    expect(response?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");

    const highlighted = page.getByRole("region", { name: "Articolo in evidenza" });
    await expect(highlighted.getByText("In evidenza")).toBeVisible();
    await expect(highlighted.getByRole("heading", { level: 2 })).toHaveText(featured.title);
    await expect(highlighted.getByText("23 settembre 2025")).toBeVisible();
    await expect(highlighted.getByText(`${featured.read_time} di lettura`)).toBeVisible();

    const others = page.getByRole("region", { name: "Altri articoli" }).getByRole("article");
    expect(await others.count()).toBeGreaterThanOrEqual(3);
    const dates = await others.locator("time").evaluateAll((elements) => elements.map((element) => element.getAttribute("datetime")!));
    expect(dates).toEqual([...dates].sort().reverse());
    await expect(page.getByText("18 marzo 2025")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ansia sociale: cos'è e come iniziare ad affrontarla" })).toHaveAttribute("href", "/blog/ansia-sociale-cos-e-come-affrontarla");
    const cover = others.first().locator("img");
    await expect(cover).toHaveAttribute("srcset", /\d+w/);
    await expect(cover).toHaveAttribute("sizes", /.+/);
    await expectNoAxeViolations(page);
  });
});

test.describe("article", () => {
  test("opens from the list with its sections, images, links and call to action", async ({ page }) => {
    await page.goto("/blog");
    await page.getByRole("region", { name: "Articolo in evidenza" }).getByRole("link", { name: featured.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${featured.slug}$`));
    await expect(page).toHaveTitle(new RegExp(featured.meta_title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", featured.meta_description);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(featured.title);
    await expect(page.getByText(featured.subtitle)).toBeVisible();
    await expect(page.getByText("23 settembre 2025")).toBeVisible();
    await expect(page.getByText(featured.image_credits)).toBeVisible();
    for (const section of featured.main_sections) {
      await expect(page.getByRole("heading", { level: section.type === "h2" ? 2 : 3, name: section.title })).toBeVisible();
    }
    await expect(page.getByText(featured.conclusion)).toBeVisible();

    const figures = page.locator("article figure").filter({ has: page.locator("figcaption") });
    for (const image of featured.images_data) {
      const figure = figures.filter({ hasText: image.caption });
      await expect(figure.getByRole("img", { name: image.alt })).toBeVisible();
    }

    for (const link of featured.external_links) {
      await expect(page.getByRole("link", { name: link.text })).toHaveAttribute("rel", "noopener noreferrer");
      await expect(page.getByRole("link", { name: link.text })).toHaveAttribute("href", link.url);
    }
    for (const link of featured.internal_links) {
      await expect(page.getByRole("region", { name: "Per approfondire" }).getByRole("link", { name: link.text })).toHaveAttribute("href", link.url);
    }

    const cta = page.getByRole("region", { name: featured.cta_text });
    await expect(cta).toBeVisible();
    await cta.getByRole("link", { name: "Compila il questionario" }).click();
    await expect(page).toHaveURL(/\/questionario$/);
  });

  test("describes itself to search engines as an article", async ({ page }) => {
    await page.goto(`/blog/${featured.slug}`);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const article = blocks.map((block) => JSON.parse(block)).find((block) => block["@type"] === "Article");
    expect(article.headline).toBe(featured.title);
    expect(article.datePublished).toBe(featured.published_date);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/blog/${featured.slug}$`));
    await expectNoAxeViolations(page);
  });

  test("an unknown article answers 404 with a way back to the blog", async ({ page }) => {
    const response = await page.goto("/blog/articolo-che-non-esiste");
    expect(response?.status()).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Articolo non trovato");
    await expectNoAxeViolations(page);
    await page.getByRole("main").getByRole("link", { name: "Torna al blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  });
});
