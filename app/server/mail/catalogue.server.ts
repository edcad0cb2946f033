import { createElement, type ReactElement } from "react";
import { unseal, type Sealed } from "../crypto.server";
import { renderEmail, type RenderedEmail } from "./render.server";
import { QuestionnaireResult, QuestionnaireResultMinor, StaffNotification } from "./templates";

/**
 * Templates the outbox worker renders, by name. A body made from one of these is queued as its
 * name and props (sealed: they hold names, addresses and links that prove a person) and rendered
 * after the request has been answered; any other body is rendered when it is queued, as before.
 * Props must be plain JSON.
 */
const catalogue = { QuestionnaireResult, QuestionnaireResultMinor, StaffNotification } as const;

type ComponentName = keyof typeof catalogue;

interface QueuedContent {
  component: ComponentName;
  props: Record<string, unknown>;
}

const names = new Map<unknown, ComponentName>(Object.entries(catalogue).map(([name, component]) => [component, name as ComponentName]));

/** The name and props of a body the worker can render, or undefined to render it now. */
export function deferrable(body: ReactElement): QueuedContent | undefined {
  const component = names.get(body.type);
  return component ? { component, props: body.props as Record<string, unknown> } : undefined;
}

/** Renders a sealed `{ component, props }` queued by enqueueEmails. */
export async function renderQueued(content: Sealed): Promise<RenderedEmail> {
  const { component, props } = unseal<QueuedContent>(content);
  const template = catalogue[component] as (props: Record<string, unknown>) => ReactElement;
  if (!template) throw new Error(`Unknown e-mail template ${component}`);
  return renderEmail(createElement(template, props));
}
