/** The heading block of a home section: an eyebrow, the h2 and an optional lead. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = "center",
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  align?: "center" | "start";
}) {
  return (
    <div className={`grid gap-3 ${align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}`}>
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-[0.14em] text-teal-700">{eyebrow}</p> : null}
      <h2 id={id} className="text-3xl font-semibold leading-tight sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="text-lg text-ink-700">{lead}</p> : null}
    </div>
  );
}
