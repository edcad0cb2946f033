import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { ConsentDeclined, ConsentGate, DECLINE_PARAM, DECLINE_VALUE } from "~/components/questionnaire/consent-gate";
import { captureUtm } from "~/components/questionnaire/questionnaire-session";
import { webPageMeta } from "~/domain/seo";

export const meta = webPageMeta({
  title: "Questionario",
  description: "Rispondi a poche domande per trovare il gruppo più adatto a te. Circa 4 minuti, il primo colloquio è gratuito.",
  path: "/questionario",
});

/** The welcome gate: consent to the privacy policy and terms, or the apology when declined. */
export default function QuestionnaireGatePage() {
  const [searchParams] = useSearchParams();
  const declined = searchParams.get(DECLINE_PARAM) === DECLINE_VALUE;

  useEffect(() => {
    captureUtm(window.location.search);
  }, []);

  return declined ? <ConsentDeclined /> : <ConsentGate />;
}
