import { render } from "@react-email/render";
import { createElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { FollowupEmail, SeatAvailable } from "./booking-templates";
import { renderEmail } from "./render.server";
import { ContactAutoReply, NewsletterConfirm, QuestionnaireResult, StaffNotification } from "./templates";

const samples: [string, ReactElement][] = [
  ["QuestionnaireResult", createElement(QuestionnaireResult, { name: "Giulia", groupsUrl: "https://insieme.example/gruppi-matching?token=abc" })],
  [
    "StaffNotification",
    createElement(StaffNotification, {
      title: "Un nuovo questionario è stato compilato",
      rows: [
        ["Nome", "Giulia"],
        ["Email", "giulia@example.com"],
      ],
    }),
  ],
  ["ContactAutoReply", createElement(ContactAutoReply, { name: "Sara" })],
  ["NewsletterConfirm", createElement(NewsletterConfirm, { confirmUrl: "https://insieme.example/newsletter/conferma/xyz" })],
  ["FollowupEmail", createElement(FollowupEmail, { step: 2, name: null, groupsUrl: "https://insieme.example/g", callUrl: "https://insieme.example/c" })],
  ["SeatAvailable", createElement(SeatAvailable, { name: "Marco", groupName: "Respiro", groupsUrl: "https://insieme.example/g" })],
  [
    "escaped values",
    createElement(StaffNotification, {
      title: `Caffè & "tè" <subito>`,
      rows: [
        ["Città", "L'Aquila <&> è"],
        ["Nota", "riga 1\nriga 2"],
      ],
    }),
  ],
];

function Broken(): ReactElement {
  throw new Error("template broken");
}

describe("e-mail rendering", () => {
  it("gives the html and the plain text React Email gives, rendering the component once", async () => {
    for (const [name, element] of samples) {
      const rendered = await renderEmail(element);
      expect(rendered.html, name).toBe(await render(element));
      expect(rendered.text, name).toBe(await render(element, { plainText: true }));
      expect(rendered.text.length, name).toBeGreaterThan(20);
      expect(rendered.text, name).not.toMatch(/<\/?(html|body|table|tr|td|div|p|a|span)\b/);
    }
  });

  it("fails, instead of sending half a message, when a template throws", async () => {
    await expect(renderEmail(createElement(Broken))).rejects.toThrow("template broken");
  });
});
