/**
 * The person's e-mail on the matching forms: a hidden field when it came with the link, otherwise an
 * input they fill in.
 */
export function EmailField(props: { id: string; knownEmail: string | null | undefined; value: string; onChange: (value: string) => void; className?: string }) {
  if (props.knownEmail) return <input type="hidden" name="email" value={props.knownEmail} />;
  return (
    <div className={`grid gap-2 ${props.className ?? ""}`}>
      <label htmlFor={props.id} className="font-semibold text-ink-900">
        La tua email
      </label>
      <input id={props.id} name="email" type="email" autoComplete="email" required value={props.value} onChange={(event) => props.onChange(event.target.value)} className="field" />
    </div>
  );
}
