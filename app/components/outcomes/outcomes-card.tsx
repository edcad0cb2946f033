import { ClipboardList } from "lucide-react";
import { Link } from "react-router";
import { outcomePaths } from "~/domain/outcome-measures";

/** On "Il mio percorso": the questionnaire waiting for the person, with the way to it (or to its consent). */
export function OutcomesWaiting({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <section aria-labelledby="outcomes-waiting-title" className="grid gap-3 rounded-3xl border border-teal-200 bg-teal-50 p-5 sm:p-6">
      <h2 id="outcomes-waiting-title" className="flex items-center gap-2 text-xl font-semibold text-ink-900">
        <ClipboardList aria-hidden className="size-5 shrink-0 text-teal-700" />
        Un questionario di monitoraggio per te
      </h2>
      <p className="text-ink-700">Due minuti sul tuo umore e sull'ansia delle ultime due settimane, per seguire il tuo percorso con il tuo terapeuta.</p>
      <p>
        <Link to={outcomePaths.page} className="btn btn-primary w-full sm:w-fit">
          Apri il questionario
        </Link>
      </p>
    </section>
  );
}
