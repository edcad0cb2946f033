import { CircleAlert, Info, RotateCw } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { data, Link, redirect, useLocation, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/gruppi-matching";
import { CallRequestForm } from "~/components/matching/call-request-form";
import { GroupCard } from "~/components/matching/group-card";
import { GroupCarousel } from "~/components/matching/group-carousel";
import { MatchingSkeleton } from "~/components/matching/matching-skeleton";
import { postJson } from "~/components/post-json";
import { ParagraphList } from "~/components/site/paragraphs";
import { groupSelectionSchema, waitlistSchema } from "~/domain/matching-schemas";
import { ThankYou } from "~/components/matching/thank-you";
import { DIRECT_CALL_LABEL, identityMessages, messages, type GroupCardData } from "~/domain/matching-types";
import { PendingNotice } from "~/components/matching/pending-notice";
import { MinorNotice } from "~/components/matching/minor-notice";
import { minorNotice } from "~/content/minors";
import { WaitlistOffer } from "~/components/matching/waitlist-offer";
import { useToast, useToastsAtTop } from "~/components/ui/toast";
import { CLIENT_AREA } from "~/domain/client-area";
import { webPageMeta } from "~/domain/seo";
import { formAction } from "~/server/http/form-action.server";
import { parseFields } from "~/server/http/body.server";
import { handleErrors } from "~/server/http/errors.server";
import { recommendedGroups } from "~/server/services/groups.server";
import { askWaitlist, chooseGroup } from "~/server/services/person-requests.server";
import { provenVisitor } from "~/server/gates.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

const param = (url: URL, key: string) => url.searchParams.get(key)?.trim() || null;

/** Groups the page shows at first, and how many more each "Mostra altri" adds (`?mostra=12`, `18`…). */
const MATCHING_PAGE_SIZE = 6;
const shownParam = (url: URL) => Math.min(1000, Math.max(MATCHING_PAGE_SIZE, Number.parseInt(url.searchParams.get("mostra") ?? "", 10) || MATCHING_PAGE_SIZE));

/**
 * Who may see what: personal recommendations (order, badge, reasons, name) only with a valid access
 * token (`?token=`, issued at submission or by a confirmed e-mail link) or signed in to their area
 * (/area-personale: the session proves the address, and the page gets a token for it); anyone else gets the same
 * generic list whatever `email` says (DESIGN §13). typeform_id is accepted from old links and not
 * needed. A failure is a state of the page (with a retry), not an error page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tokenParam = param(url, "token");
  const base = {
    name: param(url, "name"),
    showCall: url.searchParams.get("show_call") === "true",
    therapist: param(url, "therapist"),
    groupId: param(url, "group"),
  };
  // A failure is a state of the page; a database outage goes on to the site's 503 page (with Retry-After).
  return handleErrors(
    async () => {
      // A client signed in to their area has proven the address: the page acts as with their token.
      const identity = await provenVisitor(context.db, request, tokenParam);
      const token = identity?.token ?? null;
      const result = await recommendedGroups(context.db, identity?.email ?? null, shownParam(url));
      return data(
        {
          ...base,
          status: "ready" as const,
          email: identity?.email ?? param(url, "email"),
          token,
          linkExpired: Boolean(tokenParam) && !identity,
          name: base.name ?? result.name,
          hasResponse: result.hasResponse,
          minor: result.minor,
          ageNote: result.ageNote,
          cards: result.cards,
          total: result.total,
        },
        { headers: PRIVATE },
      );
    },
    () =>
      data(
        {
          ...base,
          status: "error" as const,
          email: param(url, "email"),
          token: null,
          linkExpired: false,
          hasResponse: false,
          minor: false,
          ageNote: null,
          cards: [] as GroupCardData[],
          total: 0,
        },
        { headers: PRIVATE },
      ),
    { scope: "gruppi-matching" },
  );
}

/** Without JavaScript the forms post here; with it, the page calls the JSON endpoints instead. */
export const action = formAction({
  scope: "page-gruppi-matching",
  rateLimit: { limit: 20, windowSeconds: 600 },
  failure: { waitlisted: false, pending: false },
  async handle(values, db) {
    if (values.intent === "waitlist") {
      const result = await db.transaction((tx) => askWaitlist(tx, parseFields(waitlistSchema, values)));
      return { error: null, waitlisted: result.status !== 202, pending: result.status === 202 };
    }
    const input = parseFields(groupSelectionSchema, values);
    const result = await db.transaction((tx) => chooseGroup(tx, input));
    if (result.status === 202) return { error: null, waitlisted: false, pending: true };
    if (input.call) return redirect("/grazie");
    const body = result.body as { groupId: string; therapist: string };
    const query = new URLSearchParams({ email: input.email, show_call: "true", therapist: body.therapist, group: body.groupId });
    if (input.name) query.set("name", input.name);
    if (input.token) query.set("token", input.token);
    return redirect(`/gruppi-matching?${query}`);
  },
});

export const headers = () => PRIVATE;

export const meta = webPageMeta(
  {
    title: "I gruppi consigliati per te",
    description: "I gruppi di terapia online più adatti alle tue risposte.",
    path: "/gruppi-matching",
    parents: [{ name: "Questionario", path: "/questionario" }],
  },
  { noindex: true },
);

type Step =
  { kind: "groups" } | { kind: "call"; therapist: string; groupId: string | null; groupName: string | null } | { kind: "thanks"; slotLabel: string | null } | { kind: "pending" };

function PageHeader({ eyebrow, title, focus = false, children }: { eyebrow: string; title: string; focus?: boolean; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A screen that replaces another (group chosen → call request → thanks) moves focus to its
    // title, so keyboard and screen-reader users land on it instead of on <body>.
    if (focus) heading.current?.focus();
  }, [focus, title]);
  return (
    <header className="grid max-w-3xl gap-3">
      <p className="text-sm font-semibold uppercase tracking-wider text-coral-700">{eyebrow}</p>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-semibold outline-none sm:text-4xl">
        {title}
      </h1>
      {children}
    </header>
  );
}

export default function GroupsMatchingPage({ loaderData, actionData }: Route.ComponentProps) {
  // The questionnaire's "Questionario inviato!" arrives with this page: on a wide screen it would cover the first card's corner.
  useToastsAtTop();
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading = (navigation.state === "loading" && navigation.location.pathname === location.pathname && navigation.formMethod === undefined) || revalidator.state === "loading";
  return (
    <section className="container-page grid gap-8 py-10 sm:py-14">
      {loading ? (
        <>
          <PageHeader eyebrow="I tuoi gruppi consigliati" title="Stiamo cercando i gruppi più adatti a te" />
          <MatchingSkeleton />
        </>
      ) : loaderData.status === "error" ? (
        <>
          <PageHeader eyebrow="I tuoi gruppi consigliati" title="I gruppi più adatti a te" />
          <div role="alert" className="grid justify-items-start gap-4 rounded-3xl border border-danger-600/30 bg-danger-50 p-6 sm:p-8">
            <p className="flex items-center gap-3 font-semibold text-danger-600">
              <CircleAlert aria-hidden className="size-6 shrink-0" />
              {messages.loadFailed}
            </p>
            <p className="text-ink-700">Può capitare per un problema momentaneo. Riprova tra qualche istante.</p>
            <button type="button" className="btn btn-primary" onClick={() => void revalidator.revalidate()}>
              <RotateCw aria-hidden className="size-5" />
              Riprova
            </button>
          </div>
        </>
      ) : (
        <MatchingFlow
          key={location.search}
          data={loaderData}
          formError={actionData?.error ?? null}
          waitlisted={actionData?.waitlisted ?? false}
          pending={actionData?.pending ?? false}
        />
      )}
    </section>
  );
}

function MatchingFlow({
  data: page,
  formError,
  waitlisted,
  pending,
}: {
  data: Route.ComponentProps["loaderData"];
  formError: string | null;
  waitlisted: boolean;
  pending: boolean;
}) {
  const toast = useToast();
  const { email, name, cards, token } = page;
  const [step, setStep] = useState<Step>(
    pending ? { kind: "pending" } : page.showCall ? { kind: "call", therapist: page.therapist ?? DIRECT_CALL_LABEL, groupId: page.groupId, groupName: null } : { kind: "groups" },
  );
  const [initialStep] = useState(step.kind);
  const moved = step.kind !== initialStep;
  const [selecting, setSelecting] = useState<string | null>(null);
  const [fullGroup, setFullGroup] = useState<{ id: string; name: string } | null>(null);

  async function select(card: GroupCardData) {
    if (!email) {
      toast({ title: messages.emailRequired, variant: "destructive" });
      return;
    }
    setSelecting(card.groupId);
    const outcome = await postJson("/api/update-group-selection", {
      email,
      selectedTherapist: card.therapist.name,
      groupId: card.groupId,
      ...(name ? { name } : {}),
      ...(token ? { token } : {}),
    });
    setSelecting(null);
    if (outcome.ok && outcome.status === 202) {
      toast({ title: identityMessages.pendingTitle, description: identityMessages.pending });
      setStep({ kind: "pending" });
      window.scrollTo({ top: 0 });
      return;
    }
    if (outcome.ok) {
      toast({ title: messages.selected, description: `Hai scelto il gruppo ${card.groupName}.` });
      setStep({ kind: "call", therapist: card.therapist.name, groupId: card.groupId, groupName: card.groupName });
      window.scrollTo({ top: 0 });
      return;
    }
    if (outcome.status === 409) {
      toast({ title: messages.groupFull, description: "Puoi chiedere di essere avvisatə quando si libera un posto.", variant: "destructive" });
      setFullGroup({ id: card.groupId, name: card.groupName });
      return;
    }
    toast({ title: messages.selectionFailedTitle, description: messages.genericFailure, variant: "destructive" });
  }

  // Groups are for adults: whatever the link asked for (a group, the call), someone under 18 is told why and where to turn.
  if (page.minor) {
    return (
      <>
        <PageHeader eyebrow={name ? `${name}, grazie per le tue risposte` : "Grazie per le tue risposte"} title={minorNotice.title}>
          <ParagraphList paragraphs={minorNotice.intro} className="text-lg text-ink-700" />
        </PageHeader>
        <MinorNotice />
      </>
    );
  }

  if (step.kind === "pending") {
    return (
      <>
        <PageHeader focus={moved} eyebrow="Manca un ultimo passo" title={identityMessages.pendingTitle}>
          <p className="text-lg text-ink-700">
            Per proteggere la tua riservatezza non eseguiamo richieste fatte solo con un indirizzo email: ti abbiamo scritto un link per confermare che sei proprio tu. Il link vale
            48 ore.
          </p>
        </PageHeader>
        <div className="max-w-2xl">
          <PendingNotice />
        </div>
      </>
    );
  }

  if (step.kind === "thanks") {
    return (
      <>
        <PageHeader focus={moved} eyebrow="Richiesta inviata" title="Ci sentiamo presto" />
        <ThankYou name={name} slotLabel={step.slotLabel} />
      </>
    );
  }

  if (step.kind === "call") {
    return (
      <>
        <PageHeader focus={moved} eyebrow={step.groupName ? `Hai scelto il gruppo ${step.groupName}` : "Colloquio conoscitivo gratuito"} title="Richiedi la chiamata conoscitiva">
          <p className="text-lg text-ink-700">
            Prima di iniziare ci sentiamo per un breve colloquio individuale, gratuito: per conoscerci, rispondere alle tue domande e confermare il gruppo giusto per te. Lasciaci
            il tuo numero, ti richiamiamo entro 24 ore.
          </p>
        </PageHeader>
        <div className="max-w-2xl rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
          <CallRequestForm
            email={email}
            name={name}
            selectedTherapist={step.therapist}
            groupId={step.groupId}
            token={token}
            onSuccess={({ slotLabel, pending: waiting }) => {
              setStep(waiting ? { kind: "pending" } : { kind: "thanks", slotLabel });
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      </>
    );
  }

  return (
    <>
      {page.linkExpired ? (
        <p role="status" className="flex items-center gap-3 rounded-2xl bg-coral-100/60 p-4 text-ink-900">
          <CircleAlert aria-hidden className="size-5 shrink-0 text-coral-700" />
          {identityMessages.linkExpired} Qui sotto trovi i gruppi con posti liberi; se ne scegli uno ti chiederemo di confermare via email.
        </p>
      ) : null}
      {formError ? (
        <p role="alert" className="flex items-center gap-3 rounded-2xl bg-danger-50 p-4 font-semibold text-danger-600">
          <CircleAlert aria-hidden className="size-5 shrink-0" />
          {formError}
        </p>
      ) : null}
      <PageHeader eyebrow="I tuoi gruppi consigliati" title={name ? `${name}, ecco i gruppi più adatti a te` : "I gruppi più adatti a te"}>
        {page.hasResponse ? (
          <p className="text-lg text-ink-700">
            Li abbiamo scelti in base alle tue risposte: orario, temi in comune e fascia d'età.
            {page.total > 1 ? ` Sono ${page.total}: il primo è quello che ti consigliamo, scorri per vedere gli altri.` : ""}
          </p>
        ) : (
          <p className="text-lg text-ink-700">
            Ecco i gruppi che hanno ancora posti liberi. Per ricevere consigli su misura,{" "}
            <Link to="/questionario" className="font-semibold text-teal-700 underline underline-offset-2">
              compila il questionario
            </Link>
            ; se l'hai già fatto, apri il link nell'email che ti abbiamo inviato.
          </p>
        )}
        {page.ageNote ? (
          <p className="flex items-start gap-2 rounded-2xl bg-coral-100/60 p-4 text-ink-900">
            <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-coral-700" />
            {page.ageNote}
          </p>
        ) : null}
        {token ? (
          <p className="text-ink-700">
            Hai già scelto un gruppo? Segui il tuo percorso, gli incontri e le assenze nella{" "}
            <Link to={CLIENT_AREA} className="font-semibold text-teal-700 underline underline-offset-2">
              tua area personale
            </Link>
            .
          </p>
        ) : null}
      </PageHeader>

      {fullGroup ? (
        <div className="grid gap-3 rounded-3xl border border-coral-500/40 bg-coral-100/50 p-5 sm:p-6">
          <p className="font-semibold text-ink-900">Il gruppo {fullGroup.name} si è appena riempito.</p>
          <WaitlistOffer key={fullGroup.id} email={email} token={token} groupId={fullGroup.id} groupName={fullGroup.name} />
        </div>
      ) : null}

      {cards.length > 0 ? (
        <GroupCarousel items={cards} label="Gruppi consigliati" itemLabel={(card) => card.groupName}>
          {(card, index) => <GroupCard card={card} position={index} email={email} name={name} token={token} selecting={selecting === card.groupId} onSelect={select} />}
        </GroupCarousel>
      ) : null}
      {cards.length > 0 ? (
        <ShowMore shown={cards.length} total={page.total} />
      ) : (
        <div className="grid max-w-3xl gap-4 rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 className="text-2xl font-semibold">Al momento non ci sono posti liberi</h2>
          <p className="text-ink-700">
            I nostri gruppi sono al completo, ma se ne formano di nuovi e ogni tanto si libera un posto. Lasciaci la tua email: ti scriviamo appena c'è un gruppo adatto a te.
          </p>
          <WaitlistOffer email={email} token={token} joined={waitlisted} />
        </div>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return (
    <section className="container-page grid gap-4 py-16">
      <h1 className="text-3xl font-semibold">I gruppi più adatti a te</h1>
      <p role="alert" className="flex items-center gap-3 font-semibold text-danger-600">
        <CircleAlert aria-hidden className="size-6 shrink-0" />
        {messages.loadFailed}
      </p>
      <p>
        <a href="" className="btn btn-primary">
          <RotateCw aria-hidden className="size-5" />
          Riprova
        </a>
      </p>
    </section>
  );
}

/**
 * "Mostra altri gruppi": a link to the same page with six groups more (`?mostra=`), so it works without
 * JavaScript too; with it, the router loads the longer list and the reader stays where they are.
 */
function ShowMore({ shown, total }: { shown: number; total: number }) {
  const location = useLocation();
  if (shown >= total) return null;
  const next = new URLSearchParams(location.search);
  next.set("mostra", String(shown + MATCHING_PAGE_SIZE));
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-ink-700">
        Ne vedi {shown} di {total}.
      </p>
      <Link to={`?${next}`} preventScrollReset replace className="btn btn-secondary">
        Mostra altri gruppi
      </Link>
    </div>
  );
}
