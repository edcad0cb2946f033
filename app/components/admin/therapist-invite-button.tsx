import { MailPlus } from "lucide-react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/ui/toast";
import { Spinner, useFetcherResult, type ActionResult } from "./ui";

/** "Invita": gives the therapist an account of their own (role therapist) and e-mails a link to choose a password. */
export function TherapistInviteButton({ therapist }: { therapist: { id: string; name: string; email: string | null; userId: string | null } }) {
  const fetcher = useFetcher<ActionResult>();
  const toast = useToast();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast({ title: result.message });
    else toast({ title: result.error, description: result.description, variant: "destructive" });
  });
  const busy = fetcher.state !== "idle";
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
