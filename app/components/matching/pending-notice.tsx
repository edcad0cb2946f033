import { MailCheck } from "lucide-react";
import { identityMessages } from "~/domain/matching-types";

/** A request made without an access token: nothing happens until the person confirms from their inbox. */
export function PendingNotice() {
  return (
    <div role="status" className="flex items-start gap-3 rounded-2xl bg-teal-50 p-4 text-ink-700">
      <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-teal-700" />
      <p>
        <span className="font-semibold text-ink-900">{identityMessages.pendingTitle}. </span>
        {identityMessages.pending} Se non la trovi, guarda anche nella cartella spam.
      </p>
    </div>
  );
}
