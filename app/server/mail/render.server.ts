import { render, toPlainText } from "@react-email/render";
import type { ReactElement } from "react";

export interface RenderedEmail {
  html: string;
  text: string;
}

/**
 * Renders a React Email component to its html and plain-text parts. React renders it once: the text
 * is React Email's own conversion of that html (what `render(element, { plainText: true })` does
 * after rendering the element a second time).
 */
export async function renderEmail(element: ReactElement): Promise<RenderedEmail> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}
