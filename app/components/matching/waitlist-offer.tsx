import { BellRing, LoaderCircle } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { EmailField } from "./email-field";
import { useToast } from "~/components/ui/toast";
import { postJson, firstFieldError } from "~/components/post-json";
import { PendingNotice } from "./pending-notice";
import { identityMessages, messages } from "~/domain/matching-types";

/** "Avvisami quando si libera un posto": for one group (groupId) or for any group. */
export function WaitlistOffer({
  email: knownEmail,
  groupId,
  groupName,
  token = null,
  joined: joinedBefore = false,
  pending: pendingBefore = false,
}: {
  email: string | null;
  groupId?: string;
  groupName?: string;
  /** The access token of the page: with it the request is done at once, without it confirmed by e-mail. */
  token?: string | null;
  joined?: boolean;
  pending?: boolean;
}) {
  const toast = useToast();
  const ids = useId();
  const [email, setEmail] = useState(knownEmail ?? "");
  const [sending, setSending] = useState(false);
  const [joined, setJoined] = useState(joinedBefore);
  const [pending, setPending] = useState(pendingBefore);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      toast({ title: messages.emailRequired, variant: "destructive" });
      return;
    }
    setSending(true);
    const outcome = await postJson("/api/waitlist", { email: email.trim(), ...(groupId ? { groupId } : {}), ...(token ? { token } : {}) });
    setSending(false);
    if (outcome.ok && outcome.status === 202) {
      setPending(true);
      toast({ title: identityMessages.pendingTitle, description: identityMessages.pending });
    } else if (outcome.ok) {
      setJoined(true);
      toast({ title: messages.waitlistJoined, description: messages.waitlistJoinedDescription });
    } else {
      toast({ title: (outcome.status === 400 && firstFieldError(outcome)) || messages.genericFailure, variant: "destructive" });
    }
  }

  if (pending) return <PendingNotice />;
  if (joined) {
    return (
      <p role="status" className="flex items-start gap-3 rounded-2xl bg-teal-50 p-4 text-ink-700">
        <BellRing aria-hidden className="mt-0.5 size-5 shrink-0 text-teal-700" />
        Sei in lista d'attesa{groupName ? ` per il gruppo ${groupName}` : ""}: ti scriveremo appena si libera un posto.
      </p>
    );
  }
  return (
    <form method="post" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <input type="hidden" name="intent" value="waitlist" />
      {groupId ? <input type="hidden" name="groupId" value={groupId} /> : null}
      {token ? <input type="hidden" name="token" value={token} /> : null}
      <EmailField id={`${ids}-email`} knownEmail={knownEmail} value={email} onChange={setEmail} className="flex-1" />
      <button type="submit" className="btn btn-secondary" disabled={sending}>
        {sending ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : <BellRing aria-hidden className="size-5" />}
        Avvisami quando si libera un posto
      </button>
    </form>
  );
}
