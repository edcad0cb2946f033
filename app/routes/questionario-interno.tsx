import { LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import {
  CARD_CLASS,
  QuestionnaireFrame,
  QuestionnaireWizard,
} from "~/components/questionnaire/questionnaire-wizard";
import {
  captureUtm,
  consentFromGateForm,
  hasConsent,
  readDraft,
  storeConsent,
  type StoredDraft,
} from "~/components/questionnaire/questionnaire-session";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Questionario",
    description: "Il questionario in 23 passaggi per abbinarti al gruppo giusto.",
    path: "/questionario-interno",
    noindex: true,
  });

/**
 * Consent and draft live in sessionStorage, which only the browser can read: the server
 * renders a neutral loading card, and after hydration the page either restores the draft
 * or sends the visitor back to the welcome gate.
 */
export default function QuestionnairePage() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<StoredDraft | null>(null);

  useEffect(() => {
    captureUtm(window.location.search);
    if (consentFromGateForm(window.location, document.referrer)) {
      storeConsent();
      navigate("/questionario-interno", { replace: true });
    } else if (!hasConsent()) {
      navigate("/questionario", { replace: true });
      return;
    }
    setDraft(readDraft());
  }, [navigate]);

  if (draft) return <QuestionnaireWizard initial={draft} />;
  return (
    <QuestionnaireFrame>
      <div className="mb-4 h-5" aria-hidden />
      <div className={`${CARD_CLASS} items-center justify-center`}>
        <p role="status" className="flex items-center gap-3 text-ink-700">
          <LoaderCircle aria-hidden className="size-6 animate-spin text-teal-600" />
          Caricamento del questionario...
        </p>
        <noscript>
          <p className="mt-4 max-w-md text-center text-ink-700">
            Per compilare il questionario è necessario attivare JavaScript nel browser.
          </p>
        </noscript>
      </div>
    </QuestionnaireFrame>
  );
}
