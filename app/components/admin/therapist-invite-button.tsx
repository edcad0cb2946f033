import { MailPlus } from "lucide-react";
import { useActionFetcher } from "./action-result";
import { Spinner } from "./page";

/** "Invita": gives the therapist an account of their own (role therapist) and e-mails a link to choose a password. */
export function TherapistInviteButton({ therapist }: { therapist: { id: string; name: string; email: string | null; userId: string | null } }) {
  const { fetcher, busy } = useActionFetcher();
  const label = therapist.userId ? "Invia di nuovo l'invito" : "Invita";
  return (
    <button
      type="button"
      className="btn btn-secondary min-h-10 flex-1 px-3 py-2 text-sm"
      disabled={busy || !therapist.email}
      title={therapist.email ? undefined : "Aggiungi prima l'email del terapeuta"}
      aria-label={`${label}: ${therapist.name}`}
      onClick={() => fetcher.submit({}, { method: "post", action: `/admin/terapeuti/${therapist.id}/invita` })}
    >
      {busy ? <Spinner /> : <MailPlus aria-hidden className="size-4" />}
      {label}
    </button>
  );
}
