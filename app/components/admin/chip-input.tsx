import { Plus, X } from "lucide-react";
import { useId, useState } from "react";

/**
 * A list of short texts entered one at a time (Enter or the Add button): trimmed, never empty,
 * no duplicates (case-insensitive). Each item is sent as a repeated form field `name`.
 */
export function ChipInput({
  name,
  label,
  values,
  onChange,
  placeholder,
  addLabel = "Add",
  removeLabel = (item: string) => `Remove ${item}`,
  errorId,
  invalid = false,
}: {
  name: string;
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  addLabel?: string;
  removeLabel?: (item: string) => string;
  /** The list's error message (shown by the caller): the typing field is marked and described by it. */
  errorId?: string;
  invalid?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const add = () => {
    const item = draft.trim();
    if (!item) return;
    const duplicate = values.some((value) => value.toLocaleLowerCase("it") === item.toLocaleLowerCase("it"));
    if (!duplicate) onChange([...values, item]);
    setDraft("");
  };
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          maxLength={200}
          placeholder={placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
          className="field"
        />
        <button type="button" onClick={add} className="btn btn-secondary shrink-0 px-3" aria-label={`${addLabel}: ${label}`}>
          <Plus aria-hidden className="size-4" />
        </button>
      </div>
      {values.length > 0 ? (
        <ul className="mt-1 flex flex-wrap gap-2" aria-label={label}>
          {values.map((value) => (
            <li key={value} className="inline-flex items-center gap-1 rounded-full bg-teal-50 py-1 pl-3 pr-1 text-sm text-teal-800">
              {value}
              <input type="hidden" name={name} value={value} />
              <button
                type="button"
                onClick={() => onChange(values.filter((item) => item !== value))}
                aria-label={removeLabel(value)}
                className="rounded-full p-1 hover:bg-teal-100"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
