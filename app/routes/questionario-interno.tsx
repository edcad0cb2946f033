import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { QuestionnaireWizard } from "~/components/questionnaire/questionnaire-wizard";
import { captureUtm, NEW_DRAFT, readDraft, type StoredDraft } from "~/components/questionnaire/questionnaire-session";
import { QUESTIONNAIRE_PATH } from "~/domain/questionnaire";
import { seo } from "~/domain/seo";
import { requireGateConsent } from "~/server/gates.server";
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

/**
 * The draft lives in this tab's sessionStorage, which only the browser can read: the server
 * renders step 1, empty, painted before any script runs. In the browser a first visit goes on
 * from those very elements; a stored draft starts the wizard again from where it was.
 */
export default function QuestionnairePage() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<{ stored: StoredDraft | null } | null>(null);

  useEffect(() => {
    if (window.location.search) {
      captureUtm(window.location.search);
      navigate(QUESTIONNAIRE_PATH, { replace: true });
    }
    setDraft({ stored: readDraft() });
  }, [navigate]);

  const stored = draft?.stored;
  return <QuestionnaireWizard key={stored ? "stored" : "new"} initial={stored ?? NEW_DRAFT} waiting={!draft} />;
}
