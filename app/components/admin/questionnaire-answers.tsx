import { questionnaireSteps, type QuestionnaireOption } from "~/domain/questionnaire";

interface Labelled {
  label: string;
  options?: readonly QuestionnaireOption[];
}

/** Each answer field with the question it answers, so staff read "Quanti anni hai?" and not "age". */
const fieldLabels = (() => {
  const labels = new Map<string, Labelled>();
  for (const step of questionnaireSteps) {
    if (step.kind === "info") continue;
    const options = step.kind === "single" || step.kind === "multi" ? step.options : undefined;
    labels.set(step.field, { label: step.title, options });
    if ((step.kind === "single" || step.kind === "multi") && step.otherField) {
      labels.set(step.otherField, { label: `${step.title} (Altro, specificato)` });
    }
  }
  return labels;
})();

function show(value: unknown, options?: readonly QuestionnaireOption[]): string {
  const labelOf = (item: unknown) => options?.find((option) => option.value === item)?.label ?? String(item);
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sì" : "No";
  if (Array.isArray(value)) return value.length ? value.map(labelOf).join(", ") : "—";
  if (typeof value === "object") return JSON.stringify(value);
  return labelOf(value);
}

/** A stored questionnaire response, question by question, in the questionnaire's order. */
export function QuestionnaireAnswers({ answers }: { answers: unknown }) {
  const record = answers && typeof answers === "object" && !Array.isArray(answers) ? (answers as Record<string, unknown>) : {};
  const ordered = [...fieldLabels.keys()].filter((key) => key in record);
  const others = Object.keys(record).filter((key) => !fieldLabels.has(key));
  const rows = [...ordered, ...others].filter((key) => !(key.endsWith("_other") && !record[key]));
  if (rows.length === 0) return <p className="text-ink-500">Nessuna risposta registrata.</p>;
  return (
    <dl className="divide-y divide-sand-200 rounded-2xl border border-sand-200">
      {rows.map((key) => {
        const labelled = fieldLabels.get(key);
        return (
          <div key={key} className="grid gap-1 px-4 py-3 sm:grid-cols-[16rem_1fr] sm:gap-4">
            <dt className="text-sm font-medium text-ink-500">{labelled?.label ?? key}</dt>
            <dd className="whitespace-pre-line text-ink-900">{show(record[key], labelled?.options)}</dd>
          </div>
        );
      })}
    </dl>
  );
}
