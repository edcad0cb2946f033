import { LoaderCircle, Phone } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { EmailField } from "./email-field";
import { useToast } from "~/components/ui/toast";
import { postJson, firstFieldError } from "~/components/post-json";
import { describedByErrorOrHint, ErrorOrHint, useFieldState } from "~/components/site/field-error";
import { callKeyPrefix } from "~/domain/matching-schemas";
import { adultMessages } from "~/domain/minors";
import { SlotPicker } from "./slot-picker";
import { identityMessages, messages, type CallSlotDay } from "~/domain/matching-types";
import { useHydrated } from "./use-hydrated";

export interface CallRequestResult {
  slotLabel: string | null;
  /** Nothing done yet: the address was e-mailed a link to confirm (no access token on the page). */
  pending: boolean;
}

interface CallResponse {
  slot: { start: string; label: string } | null;
}

/**
 * The spec's call-request screen: a phone number (required after trimming; the button stays
 * disabled while it is empty or the request is under way), and, where slots are given, the
 * choice of a slot. Posts the spec's payload with {name}CallRequested / {name}Phone.
 * While the phone is empty the button is disabled with aria-disabled, not the attribute: a
 * disabled submit button would make Enter in the field do nothing, and the person would never
 * read "Numero richiesto".
 */
export function CallRequestForm({
  email: knownEmail,
  name,
  selectedTherapist,
  groupId,
  token = null,
  slots,
  onSuccess,
}: {
  email: string | null;
  token?: string | null;
  name: string | null;
  selectedTherapist: string;
  groupId?: string | null;
  slots?: CallSlotDay[];
  onSuccess: (result: CallRequestResult) => void;
}) {
  const toast = useToast();
  const ids = useId();
  const phone = useFieldState("");
  const [email, setEmail] = useState(knownEmail ?? "");
  const [slot, setSlot] = useState("");
  const [days, setDays] = useState(slots);
  const [sending, setSending] = useState(false);
  const adult = useFieldState(false);
  const ready = useHydrated();
  const prefix = callKeyPrefix(name);
  const phoneEmpty = phone.value.trim().length === 0;
  const emailEmpty = email.trim().length === 0;

  async function refreshSlots() {
    const query = groupId ? `?${new URLSearchParams({ groupId })}` : "";
    const response = await fetch(`/api/call-slots${query}`, { headers: { Accept: "application/json" } }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { days?: CallSlotDay[] } | null;
    if (body?.days) setDays(body.days);
  }

  // The matching page renders the form without slots: they are the chosen group's therapist's, read here.
  useEffect(() => {
    if (!slots) void refreshSlots();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phoneEmpty) {
      phone.setError(messages.phoneRequired);
      toast({ title: messages.phoneRequiredTitle, description: messages.phoneRequired, variant: "destructive" });
      return;
    }
    if (emailEmpty) {
      toast({ title: messages.emailRequired, variant: "destructive" });
      return;
    }
    if (!adult.value) {
      adult.setError(adultMessages.required);
      toast({ title: adultMessages.required, variant: "destructive" });
      document.getElementById(`${ids}-adult`)?.focus();
      return;
    }
    setSending(true);
    phone.setError(null);
    const outcome = await postJson<CallResponse>("/api/update-group-selection", {
      email: email.trim(),
      selectedTherapist,
      ...(groupId ? { groupId } : {}),
      ...(name ? { name } : {}),
      [`${prefix}CallRequested`]: true,
      [`${prefix}Phone`]: phone.value.trim(),
      adult: true,
      ...(slot ? { callSlot: slot } : {}),
      ...(token ? { token } : {}),
    });
    setSending(false);
    if (outcome.ok && outcome.status === 202) {
      toast({ title: identityMessages.pendingTitle, description: identityMessages.pending });
      onSuccess({ slotLabel: null, pending: true });
      return;
    }
    if (outcome.ok) {
      toast({ title: messages.callSent, description: outcome.body.slot ? `Ti chiameremo ${outcome.body.slot.label}.` : undefined });
      onSuccess({ slotLabel: outcome.body.slot?.label ?? null, pending: false });
      return;
    }
    if (outcome.status === 409) {
      toast({ title: outcome.error ?? messages.slotTaken, variant: "destructive" });
      setSlot("");
      await refreshSlots();
      return;
    }
    if (outcome.status === 400 && outcome.fields.phone) phone.setError(outcome.fields.phone);
    if (outcome.status === 400 && outcome.fields.adult) adult.setError(outcome.fields.adult);
    // 403: the person's questionnaire says "Meno di 18"; the answer says so plainly.
    const detail = outcome.status === 400 ? firstFieldError(outcome) : outcome.status === 403 ? outcome.error : undefined;
    toast({ title: detail ?? messages.genericFailure, variant: "destructive" });
  }

  return (
    <form method="post" noValidate onSubmit={submit} data-ready={ready} className="grid gap-6">
      <input type="hidden" name="intent" value="call" />
      <input type="hidden" name="selectedTherapist" value={selectedTherapist} />
      <input type="hidden" name="name" value={name ?? ""} />
      <input type="hidden" name={`${prefix}CallRequested`} value="true" />
      {groupId ? <input type="hidden" name="groupId" value={groupId} /> : null}
      {token ? <input type="hidden" name="token" value={token} /> : null}
      <EmailField id={`${ids}-email`} knownEmail={knownEmail} value={email} onChange={setEmail} />
      <div className="grid gap-2">
        <label htmlFor={`${ids}-phone`} className="font-semibold text-ink-900">
          Numero di telefono
        </label>
        <div className="relative">
          <Phone aria-hidden className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-ink-500" />
          <input
            id={`${ids}-phone`}
            name={`${prefix}Phone`}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            placeholder="Es. 333 123 4567"
            value={phone.value}
            onChange={(event) => phone.change(event.target.value)}
            {...describedByErrorOrHint(`${ids}-phone`, phone.error)}
            className="field pl-11"
          />
        </div>
        <ErrorOrHint id={`${ids}-phone`} error={phone.error}>
          Lo useremo solo per la chiamata conoscitiva.
        </ErrorOrHint>
      </div>
      {days && days.length > 0 ? <SlotPicker days={days} value={slot} onChange={setSlot} disabled={sending} /> : null}
      <div className="grid gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id={`${ids}-adult`}
            name="adult"
            type="checkbox"
            required
            checked={adult.value}
            onChange={(event) => adult.change(event.target.checked)}
            {...describedByErrorOrHint(`${ids}-adult`, adult.error)}
            className="mt-1 size-5 shrink-0 accent-teal-700"
          />
          <label htmlFor={`${ids}-adult`} className="text-ink-900">
            {adultMessages.label}
            <span aria-hidden> *</span>
          </label>
        </div>
        <ErrorOrHint id={`${ids}-adult`} error={adult.error}>
          I nostri gruppi sono per persone adulte.
        </ErrorOrHint>
      </div>
      <div>
        <button
          type="submit"
          className="btn btn-primary w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-teal-700 sm:w-auto"
          disabled={sending}
          aria-disabled={phoneEmpty || (!knownEmail && emailEmpty) || undefined}
        >
          {sending ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : null}
          {sending ? "Invio in corso..." : "Richiedi la chiamata gratuita"}
        </button>
      </div>
    </form>
  );
}
