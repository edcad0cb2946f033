import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { QuestionnaireWizard } from "~/components/questionnaire/questionnaire-wizard";
import { captureUtm, readDraft, type StoredDraft } from "~/components/questionnaire/questionnaire-session";
import { emptyAnswers, QUESTIONNAIRE_PATH } from "~/domain/questionnaire";
import { seo } from "~/domain/seo";
import { requireGateConsent } from "~/server/questionnaire-gate.server";
import type { Route } from "./+types/questionario-interno";

export const meta = () =>
  seo({
    title: "Questionario",
    description: "Il questionario in 23 passaggi per abbinarti al gruppo giusto.",
    path: QUESTIONNAIRE_PATH,
    noindex: true,
  });

/** Who may open it: a browser that accepted the welcome gate (its session cookie); anyone else is sent to the gate. */
export function loader({ request }: Route.LoaderArgs) {
  requireGateConsent(request);
  return null;
}

/** The loader only checks the gate: dropping the campaign tags from the address needs no new check. */
export const shouldRevalidate = () => false;

/** What the server renders: step 1, empty, its buttons waiting for the browser. */
const FIRST_STEP: StoredDraft = { step: 1, answers: emptyAnswers, idempotencyKey: "", reachedSteps: [] };

/**
 * The draft lives in this tab's sessionStorage, which only the browser can read: the server
 * renders an empty step 1 (painted before any script runs), and after hydration the wizard
 * starts again from the stored draft, which is step 1 itself on a first visit.
 */
export default function QuestionnairePage() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<StoredDraft | null>(null);

  useEffect(() => {
    if (window.location.search) {
      captureUtm(window.location.search);
      navigate(QUESTIONNAIRE_PATH, { replace: true });
    }
    setDraft(readDraft());
  }, [navigate]);

  return draft ? <QuestionnaireWizard key="draft" initial={draft} /> : <QuestionnaireWizard key="server" initial={FIRST_STEP} waiting />;
}
