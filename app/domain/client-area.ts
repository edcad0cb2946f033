import { MAX_UPLOAD_BYTES } from "~/content/site";
import { requiredText } from "./form-fields";
import { z } from "./zod";

/**
 * The client's own area (issue 19): its paths and the words every page of it shares. The server
 * side (identity, reads and writes) is in services/client-area.server.ts.
 */
export const CLIENT_AREA = "/area-personale";
/** A client stays signed in this long after following the e-mailed link. */
export const CLIENT_SESSION_DAYS = 30;

export const clientAreaPaths = {
  home: CLIENT_AREA,
  data: `${CLIENT_AREA}/dati`,
  dataExport: `${CLIENT_AREA}/dati/esporta`,
  fiscalData: `${CLIENT_AREA}/dati-fiscali`,
  call: `${CLIENT_AREA}/chiamata`,
  scores: `${CLIENT_AREA}/andamento`,
  absence: (sessionId: string) => `${CLIENT_AREA}/assenza/${sessionId}`,
  move: (bookingId: string) => `${CLIENT_AREA}/cambio-gruppo/${bookingId}`,
  sessionIcs: (sessionId: string) => `${CLIENT_AREA}/incontri/${sessionId}/calendario.ics`,
  feed: (token: string) => `${CLIENT_AREA}/calendario/${token}`,
} as const;

/** Where a signed-in person may be sent back to after the e-mailed link: only a page of this area. */
export function clientReturnPath(value: string | null | undefined) {
  if (!value || !value.startsWith(CLIENT_AREA) || value.startsWith("//") || /[\s\\]/.test(value)) return CLIENT_AREA;
  const rest = value.slice(CLIENT_AREA.length);
  return rest === "" || rest.startsWith("/") || rest.startsWith("?") ? value : CLIENT_AREA;
}

export const clientSignInSchema = z.object({
  email: z
    .string({ error: "Inserisci la tua email" })
    .trim()
    .toLowerCase()
    .min(1, "Inserisci la tua email")
    .max(254, "Email troppo lunga")
    .pipe(z.email("Inserisci un indirizzo email valido")),
});

export const clientAreaMessages = {
  /** The same words whether or not the address is known (DESIGN §13). */
  linkSent:
    "Se l'indirizzo è giusto, tra poco riceverai un'email con il link per entrare. Il link vale 5 minuti e si usa una volta sola: se non arriva, controlla la posta indesiderata o chiedine un altro.",
  tooManyAttempts: "Troppi tentativi. Aspetta un minuto e riprova.",
  staffOnly: "Quest'area è per le persone che seguono un percorso di gruppo. Lo staff usa l'area admin, i terapeuti l'area terapeuti.",
  unverified: "Conferma prima il tuo indirizzo email con il link che ti abbiamo inviato.",
  signedOutEverywhere: "Sei uscito da tutti i dispositivi.",
} as const;

/** How long the reason for a move request may be. */
export const MOVE_REASON_MAX = 1000;

/** A member's request to move to another group: the reason is required, the preferred group optional. */
export const moveRequestSchema = z.object({
  reason: z
    .string({ error: "Scrivi perché vorresti cambiare gruppo" })
    .trim()
    .min(1, "Scrivi perché vorresti cambiare gruppo")
    .max(MOVE_REASON_MAX, `Il motivo è troppo lungo (al massimo ${MOVE_REASON_MAX} caratteri)`),
  preferred_group: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.uuid("Scegli uno dei gruppi dell'elenco").optional()),
});

/** The states of a request staff review from the client area (moving group, the ISEE reduced rate). */
export const reviewStatuses = ["pending", "approved", "declined"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
export type MoveRequestStatus = ReviewStatus;

/** The state of a move request as the person reads it. */
export const moveRequestStatusLabels: Record<MoveRequestStatus, string> = {
  pending: "In attesa",
  approved: "Approvata",
  declined: "Rifiutata",
};

/** The client's payments page and an invoice or credit note of theirs. */
export const clientPaymentPaths = {
  page: `${CLIENT_AREA}/pagamenti`,
  invoice: (invoiceId: string) => `${CLIENT_AREA}/pagamenti/fattura/${invoiceId}`,
} as const;

/** The reduced rate asked for with an ISEE attestation, as the person reads it. */
export const iseeRequestStatusLabels: Record<ReviewStatus, string> = {
  pending: "In verifica",
  approved: "Tariffa agevolata attiva",
  declined: "Non accolta",
};

export const iseeMessages = {
  confirmBelow: "Conferma che il tuo ISEE è inferiore a 15.000 € l'anno.",
  alreadyReduced: "La tariffa agevolata è già attiva per questo percorso.",
  notMember: "Puoi chiedere la tariffa agevolata per un gruppo di cui fai parte.",
  received: "Attestazione ricevuta: lo staff la verifica e ti scrive per email.",
  declineReason: "Scrivi il motivo: la persona lo legge nella sua area e per email.",
} as const;

/** The upload's own words (`uploadErrors` in uploads.server.ts), checked in the browser before the file is sent. */
export const iseeFileMessages = {
  missing: "Nessun file selezionato.",
  tooLarge: "Il file è troppo grande. Massimo 5MB.",
} as const;

/**
 * A member's ISEE attestation: a file of at most 5 MB and the ticked confirmation. Whether the file
 * is a PDF is read from its bytes on the server (`pdfUpload`), never from its name or declared type.
 */
export const iseeRequestSchema = z.object({
  file: z
    .instanceof(File, { error: iseeFileMessages.missing })
    .refine((file) => file.size > 0, iseeFileMessages.missing)
    .refine((file) => file.size <= MAX_UPLOAD_BYTES, iseeFileMessages.tooLarge),
  below: z.literal("on", { error: iseeMessages.confirmBelow }),
});

/** Staff move a booking, or approve a member's move request, to a group with a free seat. */
export const moveTargetSchema = z.object({ group_id: z.uuid("Scegli il gruppo di destinazione.") });

/** Staff decline a member's move request with a reason the member reads. */
export const moveDeclineSchema = z.object({
  reason: requiredText("Scrivi il motivo: la persona lo leggerà.", 1000, "Il motivo è troppo lungo (massimo 1000 caratteri)."),
});

/** Staff decline an ISEE attestation with a reason the member reads. */
export const iseeDeclineSchema = z.object({ reason: requiredText(iseeMessages.declineReason, 500) });

export const paymentMessages = {
  checkoutReturned: "Pagamento in verifica: compare qui come pagato appena la banca lo conferma (di solito entro pochi minuti).",
  checkoutCancelled: "Pagamento annullato: non ti è stato addebitato nulla.",
} as const;
