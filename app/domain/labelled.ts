/**
 * One source of truth for a closed list of values and the words each is shown with: the labels are
 * written once, and the list (for `z.enum`, Drizzle's `text(…, { enum })`, loops and option lists)
 * is read from their keys, in the order written, so the two cannot drift apart.
 *
 *   export const [callOutcomes, callOutcomeLabels] = labelled({ suitable: "Adattə…", no_show: "Non si è presentatə" });
 *   export type CallOutcome = (typeof callOutcomes)[number];
 */
export function labelled<const Labels extends Record<string, string>>(labels: Labels) {
  type Value = keyof Labels & string;
  const values = Object.keys(labels) as Value[];
  if (values.length === 0) throw new Error("labelled: a closed list needs at least one value");
  return [values as readonly Value[] as readonly [Value, ...Value[]], labels as Readonly<Record<Value, string>>] as const;
}
