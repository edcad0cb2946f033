import { CalendarDays, Clock, LoaderCircle, Sparkles, Star, UsersRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { TherapistPhoto } from "~/components/site/therapist-photo";
import { group as groupRules } from "~/content/site";
import type { GroupCardData } from "~/domain/matching-types";

function spotsLabel(free: number) {
  return free === 1 ? "1 posto libero" : `${free} posti liberi`;
}

function SpotsMeter({ occupied, total, free }: { occupied: number; total: number; free: number }) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <p className="font-semibold text-ink-900">
          {occupied}/{total} posti occupati
        </p>
        <p className="font-semibold text-teal-700">{spotsLabel(free)}</p>
      </div>
      <ol className="flex gap-1.5" aria-hidden>
        {Array.from({ length: total }, (_, index) => (
          <li key={index} className={`h-2.5 flex-1 rounded-full ${index < occupied ? "bg-teal-600" : "bg-white ring-1 ring-inset ring-teal-200"}`} />
        ))}
      </ol>
    </div>
  );
}

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2.5">
      <span className="mt-0.5 text-teal-700">{icon}</span>
      <span>{children}</span>
    </li>
  );
}

/**
 * One recommended group, as the spec lists it: badge, therapist photo, name, spots, participants
 * (anonymised), topic, therapist description and experience, why it fits, select and "maybe later".
 * The select button is a real form submit, so it also works before the page's script has loaded.
 */
export function GroupCard({
  card,
  position,
  email,
  name,
  token,
  selecting,
  onSelect,
}: {
  card: GroupCardData;
  position: number;
  email: string | null;
  name: string | null;
  token: string | null;
  selecting: boolean;
  onSelect: (card: GroupCardData) => void;
}) {
  const headingId = `gruppo-${card.groupId}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid h-full grid-cols-[5.5rem_minmax(0,1fr)] gap-x-4 gap-y-5 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-7 md:flex md:gap-8 md:p-8"
    >
      {/* Therapist column on wide screens; on phones its parts join the card's single column. */}
      <div className="contents md:flex md:w-72 md:shrink-0 md:flex-col md:gap-5">
        <div className="order-1 self-start overflow-hidden rounded-2xl md:w-full">
          <TherapistPhoto src={card.therapist.image} name={card.therapist.name} sizes="(min-width: 768px) 288px, 88px" priority={position === 0} />
        </div>
        <div className="order-4 col-span-2 grid gap-3 rounded-2xl bg-sand-50 p-4 text-sm text-ink-700 md:bg-transparent md:p-0">
          <p className="text-base">
            <span className="font-semibold text-ink-900">{card.therapist.name}</span>
            <span className="block text-ink-500">{card.therapist.role}</span>
          </p>
          <p>{card.therapist.description}</p>
          <p>
            <span className="font-semibold text-ink-900">Esperienza: </span>
            {card.therapist.experience}
          </p>
        </div>
      </div>

      <div className="contents md:flex md:min-w-0 md:flex-1 md:flex-col md:gap-5">
        <header className="order-2 grid content-start gap-2">
          {card.isRecommended ? (
            <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-coral-100 px-3 py-1 text-sm font-semibold text-coral-700">
              <Star aria-hidden className="size-4 fill-current" />
              Consigliato
            </p>
          ) : null}
          <h2 id={headingId} className="text-2xl font-semibold sm:text-3xl">
            {card.groupName}
          </h2>
          <p className="text-sm text-ink-500 md:hidden">Con {card.therapist.name}</p>
        </header>

        <div className="order-3 col-span-2 grid gap-5">
          <p className="text-ink-700">{card.groupTopic}</p>

          <ul className="grid gap-2 text-sm text-ink-700 sm:grid-cols-2">
            <Detail icon={<Clock aria-hidden className="size-4" />}>
              {card.schedule} · {card.timeSlot}
            </Detail>
            <Detail icon={<CalendarDays aria-hidden className="size-4" />}>Primo incontro {card.startsOn}</Detail>
            <Detail icon={<UsersRound aria-hidden className="size-4" />}>
              {groupRules.minPeople}-{groupRules.totalSpots} persone, {groupRules.sessionMinutes} minuti online
            </Detail>
          </ul>

          <SpotsMeter occupied={card.occupiedSpots} total={card.totalSpots} free={card.freeSpots} />

          <div className="grid gap-2">
            <h3 className="font-sans text-sm font-semibold text-ink-900">Chi partecipa</h3>
            {card.participants.length > 0 ? (
              <ul className="flex flex-wrap gap-2">
                {card.participants.map((participant, index) => (
                  <li key={index} className="rounded-full bg-teal-50 px-3 py-1 text-sm text-teal-800">
                    {participant}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-ink-700">Il gruppo si sta formando: potresti essere tra le prime persone.</p>
            )}
            <p className="text-xs text-ink-500">Per la riservatezza di tutti mostriamo solo l'iniziale e la fascia d'età.</p>
          </div>

          {card.reasons ? (
            <p className="flex items-start gap-2.5 rounded-2xl bg-teal-50 p-4 text-sm text-ink-700">
              <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-teal-700" />
              <span>
                <span className="font-semibold text-ink-900">Perché te lo proponiamo: </span>
                {card.reasons}
              </span>
            </p>
          ) : null}
        </div>

        <form
          method="post"
          className="order-5 col-span-2 flex flex-col gap-3 sm:flex-row sm:items-center md:mt-auto"
          onSubmit={(event) => {
            event.preventDefault();
            onSelect(card);
          }}
        >
          <input type="hidden" name="intent" value="select" />
          <input type="hidden" name="groupId" value={card.groupId} />
          <input type="hidden" name="selectedTherapist" value={card.therapist.name} />
          <input type="hidden" name="email" value={email ?? ""} />
          <input type="hidden" name="name" value={name ?? ""} />
          {token ? <input type="hidden" name="token" value={token} /> : null}
          <button type="submit" className="btn btn-primary" disabled={selecting}>
            {selecting ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : null}
            Seleziona questo gruppo
          </button>
          <Link to="/" className="btn text-teal-800 underline-offset-4 hover:underline">
            Forse più tardi
          </Link>
        </form>
      </div>
    </article>
  );
}
