import { render } from "@react-email/components";
import type { ReactElement } from "react";

export interface RenderedEmail {
  html: string;
  text: string;
}

/** Renders a React Email component to its html and plain-text parts. */
export async function renderEmail(element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
