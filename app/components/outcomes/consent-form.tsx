import { ShieldCheck } from "lucide-react";
import { AreaSection } from "~/components/client/area-page";
import { ParagraphList } from "~/components/site/paragraphs";
import { formatShortDate } from "~/domain/format";
import { Form } from "react-router";
import { outcomeConsentText, outcomePaths } from "~/domain/outcome-measures";

/**
 * The explicit consent to the outcome measures (health data, art. 9 GDPR): the versioned text and two
 * equal choices. Posts `intent=consent` with `decision` granted|declined to the page it is on.
 */
export function OutcomeConsentForm({ busy, refused }: { busy: boolean; refused: boolean }) {
  return (
    <section aria-labelledby="consenso-title" className="grid gap-4 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-7">
      <h2 id="consenso-title" className="flex items-center gap-2 text-xl font-semibold">
        <ShieldCheck aria-hidden className="size-5 shrink-0 text-teal-700" />
        Il tuo consenso
      </h2>
      <ParagraphList paragraphs={outcomeConsentText} className="text-ink-700" />
      {refused ? <p className="rounded-2xl bg-sand-100 p-4 text-ink-900">Per ora non hai dato il consenso: non ti chiediamo nulla. Puoi cambiare idea qui quando vuoi.</p> : null}
      <Form method="post" className="flex flex-col gap-2 sm:flex-row">
        <input type="hidden" name="intent" value="consent" />
        <button type="submit" name="decision" value="granted" className="btn btn-primary" disabled={busy}>
          Acconsento e rispondo
        </button>
        {refused ? null : (
          <button type="submit" name="decision" value="declined" className="btn btn-secondary" disabled={busy}>
            Non acconsento
          </button>
        )}
      </Form>
    </section>
  );
}

/** "Ritira il consenso": on the measures' page and on /area-personale/dati, posting to the measures' page. */
export function WithdrawConsent({ busy, grantedAt }: { busy: boolean; grantedAt: Date | string | null }) {
  return (
    <AreaSection id="withdraw-title" title="Questionari di monitoraggio: il tuo consenso">
      <p className="text-ink-700">
        Hai dato il consenso ai questionari di monitoraggio{grantedAt ? ` il ${formatShortDate(new Date(grantedAt))}` : ""}. Puoi ritirarlo quando vuoi: da allora non ti chiediamo
        e non ti inviamo più nulla.
      </p>
      <Form method="post" action={outcomePaths.page}>
        <button type="submit" name="intent" value="withdraw" className="btn btn-secondary w-full sm:w-fit" disabled={busy}>
          Ritira il consenso
        </button>
      </Form>
    </AreaSection>
  );
}
