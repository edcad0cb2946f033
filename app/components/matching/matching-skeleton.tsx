/** Shown while the groups load during a client-side navigation (the server renders real cards). */
export function MatchingSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-5">
      <span className="sr-only">Caricamento dei gruppi consigliati...</span>
      <div aria-hidden className="grid animate-pulse gap-5 rounded-3xl border border-sand-200 bg-white p-5 sm:p-8 md:grid-cols-[18rem_1fr] md:gap-8">
        <div className="flex gap-4 md:grid md:content-start">
          <div className="size-22 shrink-0 rounded-2xl bg-sand-200 md:aspect-square md:size-auto md:w-full" />
          <div className="grid flex-1 content-start gap-2 md:hidden">
            <div className="h-6 w-28 rounded-full bg-sand-200" />
            <div className="h-7 w-3/4 rounded-lg bg-sand-200" />
          </div>
          <div className="hidden gap-2 md:grid">
            <div className="h-4 w-2/3 rounded bg-sand-100" />
            <div className="h-4 w-full rounded bg-sand-100" />
            <div className="h-4 w-5/6 rounded bg-sand-100" />
          </div>
        </div>
        <div className="grid content-start gap-4">
          <div className="hidden h-6 w-28 rounded-full bg-sand-200 md:block" />
          <div className="hidden h-9 w-1/2 rounded-lg bg-sand-200 md:block" />
          <div className="h-4 w-full rounded bg-sand-100" />
          <div className="h-4 w-11/12 rounded bg-sand-100" />
          <div className="h-4 w-2/3 rounded bg-sand-100" />
          <div className="mt-2 h-2.5 w-full rounded-full bg-teal-100" />
          <div className="flex gap-2">
            {Array.from({ length: 5 }, (_, index) => (
              <div key={index} className="h-7 w-20 rounded-full bg-teal-50" />
            ))}
          </div>
          <div className="mt-2 h-11 w-56 rounded-full bg-sand-200" />
        </div>
      </div>
    </div>
  );
}
