import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { decodeFlash, encodeFlash, type Flash } from "~/domain/flash";
import { NewsletterSignup } from "./newsletter-signup";

/** The home page's newsletter section as the server renders it after a post answered with `flash`. */
function renderedAfter(flash: Flash | null) {
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: NewsletterSignup, loader: () => ({ flash }) }]);
  const html = renderToString(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { flash } } }} />);
  const input = /<input[^>]*name="email"[^>]*>/.exec(html)?.[0] ?? "";
  const message = /<p id="newsletter-signup-email-errore"[^>]*>/.exec(html)?.[0] ?? "";
  return { html, input, message };
}

describe("the newsletter form after a mistyped address (no JavaScript)", () => {
  it("shows the message in place, keeps the typed address and focuses the field", () => {
    const flash = decodeFlash(encodeFlash({ form: "newsletter-signup", outcome: "error", field: "email", value: "abc@" }));
    const { html, input, message } = renderedAfter(flash);
    expect(html).toContain("Inserisci un indirizzo email valido");
    expect(message).not.toContain("hidden");
    expect(input).toContain('value="abc@"');
    expect(input).toContain("autofocus");
    expect(input).toContain('aria-invalid="true"');
  });

  it("lets the site script show the same message before sending (JavaScript on)", () => {
    const { input, message } = renderedAfter(null);
    expect(message).toContain('data-invalid-field="email"');
    expect(message).toContain("hidden");
    expect(input).not.toContain("value=");
    expect(input).not.toContain("autofocus");
  });
});
