import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Flash } from "~/domain/flash";
import Contatti from "./contatti";

/** /contatti as the server renders it after a post answered with `flash`. */
function renderedAfter(flash: Flash | null) {
  const Stub = createRoutesStub([{ id: "root", path: "/contatti", Component: Contatti, loader: () => ({ flash }) }]);
  return renderToString(<Stub initialEntries={["/contatti"]} hydrationData={{ loaderData: { root: { flash } } }} />);
}

describe("the contact form without JavaScript", () => {
  it("lets the browser check the fields before sending, so nothing typed is lost", () => {
    const html = renderedAfter(null);
    expect(html).not.toContain("novalidate");
    expect(html).not.toContain("serve JavaScript");
  });

  it("says a message sent without the anti-spam check arrived and will be checked, and nothing else", () => {
    const html = renderedAfter({ form: "send-contact-email", outcome: "held" });
    expect(html).toContain("Messaggio ricevuto!");
    expect(html).toContain("lo controlleremo noi");
    expect(html).not.toContain("Riprova");
    expect(html).not.toContain("Ti abbiamo inviato una conferma");
  });

  it("gives back what was typed in a refused field, focused, with its one reason", () => {
    const html = renderedAfter({ form: "send-contact-email", outcome: "error", field: "email", value: "chiara@" });
    const input = /<input[^>]*name="email"[^>]*>/.exec(html)?.[0];
    expect(input).toContain('value="chiara@"');
    expect(input).toContain("autofocus");
    expect(html).toContain("controlla il campo evidenziato.");
    expect(html).not.toContain("Riprova tra qualche minuto");
  });
});
