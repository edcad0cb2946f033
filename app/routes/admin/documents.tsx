import { CircleAlert, CircleCheck, Download, ExternalLink, FileText, RotateCcw, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { isRouteErrorResponse, useActionData, useFetcher, useSearchParams, type FetcherWithComponents } from "react-router";
import { useFlash } from "~/components/site/use-flash";
import { UPLOAD_TOO_LARGE } from "~/domain/flash";
import type { Route } from "./+types/documents";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { formatDateTime } from "~/domain/format";
import { refusedFields } from "~/domain/form-fields";
import { firstError } from "~/components/forms/schema-form";
import { fileProblemMessages, pdfFileProblem } from "~/components/admin/image-upload";
import { type ActionResult, useFetcherResult, useLoadErrorToast } from "~/components/admin/action-result";
import { Badge, LoadError, PageHeader, Spinner } from "~/components/admin/page";
import { ConfirmDialog } from "~/components/admin/dialogs";
import { useToast } from "~/components/ui/toast";
import { handleErrors, type HttpError } from "~/server/http/errors.server";
import { parseFields } from "~/server/http/body.server";
import { z } from "~/domain/zod";
import { audit } from "~/server/audit.server";
import { actionFail, actionOk, loadOr } from "~/server/http/staff-action.server";
import { isDocumentType, listDocuments, removeUploadedDocument, saveDocument, type DocumentType } from "~/server/services/admin-documents.server";
import { pdfUpload, readMultipart } from "~/server/uploads.server";
import { adminPageData, requireAdmin } from "~/server/gates.server";

const messages = {
  success: "Upload completato",
  error: "Errore upload",
  errorDescription: "Si è verificato un errore durante il caricamento",
  generatedRestored: "PDF generato dal sito ripristinato",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminPageData(context.db, request, () =>
    loadOr("admin-documents", { documents: [] as Awaited<ReturnType<typeof listDocuments>> }, "Errore nel caricamento dei documenti", async () => ({
      documents: await listDocuments(context.db),
    })),
  );
}

/** The toast and the file field say why (too large, not a PDF...); the spec's generic text for anything else. */
const uploadRefused = ({ status, message }: HttpError) => actionFail("upload", status, messages.error, { description: message, result: refusedFields({ file: message }) });

const documentType = z.custom<DocumentType>(isDocumentType, "Tipo di documento sconosciuto.");

/** The page's two forms, on one document type: its upload (the file is read apart, as bytes), or the return to the generated PDF. */
const documentAction = z.object({ intent: z.enum(["upload", "use-generated"], "Azione sconosciuta."), type: documentType });

/**
 * intent=upload, type=<document type>, file=<PDF> (multipart). The bytes decide, not the name: 415
 * otherwise. intent=use-generated, type: drop the upload, so the PDF generated from the site's text is sent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(context.db, request);
  return handleErrors(
    async () => {
      const form = await readMultipart(request);
      const { intent, type } = parseFields(documentAction, { intent: form.get("intent"), type: form.get("type") });
      if (intent === "use-generated") {
        await removeUploadedDocument(context.db, type);
        await audit(context.db, session, { action: "use-generated", entity: "document", entityId: type });
        return actionOk(intent, messages.generatedRestored, type);
      }
      const body = await pdfUpload(form);
      const saved = await saveDocument(context.db, type, body, session.user.email);
      await audit(context.db, session, {
        action: "upload",
        entity: "document",
        entityId: type,
        detail: { size: saved.size, sha256: saved.sha256 },
      });
      return actionOk("upload", messages.success, type);
    },
    uploadRefused,
    { scope: "admin-documents", fallback: messages.errorDescription },
  );
}

/**
 * A body over the server's cap is refused before React Router reads it, with a JSON 413 the router
 * cannot decode: instead of the error page, it is the upload's field error like any other refusal.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  // In the browser: not a server error's translation, but the router's own 413 turned into the field's refusal.
  try {
    return await serverAction();
  } catch (error) {
    if (!isRouteErrorResponse(error) || error.status !== 413) throw error;
    const reason = fileProblemMessages.pdf.size;
    return { ok: false as const, intent: "upload", error: messages.error, description: reason, result: refusedFields({ file: reason }) };
  }
}

/** Why the server refused an upload, as it put it on the file field. */
function uploadError(refused: Extract<ActionResult, { ok: false }>) {
  return firstError(refused.result?.error?.file ?? undefined);
}

function fileSize(bytes: number | null) {
  if (bytes === null) return "";
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} MB`;
}

export default function AdminDocuments({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData.loadError);
  return (
    <section>
      <PageHeader
        title="Documenti"
        description="I tre PDF vengono allegati alle email di conferma dell'iscrizione, inviate sia alla persona iscritta sia allo staff. Finché non carichi un PDF, viene inviato quello generato dal testo pubblicato sul sito."
      />
      <LoadError message={loaderData.loadError} />
      <ul className="grid gap-3">
        {loaderData.documents.map((document) => (
          <DocumentRow key={document.type} document={document} />
        ))}
      </ul>
      <p className="mt-4 text-sm text-ink-500">Solo file PDF, al massimo 5MB. Un nuovo caricamento sostituisce il file precedente.</p>
    </section>
  );
}

type DocumentInfo = Route.ComponentProps["loaderData"]["documents"][number];

function DocumentRow({ document }: { document: DocumentInfo }) {
  const fetcher = useFetcher<ActionResult>();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const uploading = fetcher.state !== "idle";
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast({ title: result.message, description: `${document.label}: ${document.fileName}` });
    else toast({ title: result.error, description: result.description, variant: "destructive" });
    if (input.current) input.current.value = "";
  });
  // Lives here, not in the button: the button is gone once the generated PDF is live again.
  const restore = useFetcher<ActionResult>();
  useFetcherResult(restore, (result) => {
    if (result.ok) toast({ title: result.message, description: `${document.label}: ${document.fileName}` });
    else toast({ title: result.error, description: result.description, variant: "destructive" });
  });
  const serverError = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? uploadError(fetcher.data) : undefined;
  // Sent without JavaScript and over the server's cap: back here with this row's type in the URL (server/app.ts).
  const [params] = useSearchParams();
  const thisRow = params.get("tipo") === document.type;
  const tooLarge = useFlash(UPLOAD_TOO_LARGE.form) && thisRow ? fileProblemMessages.pdf.size : undefined;
  // Sent without JavaScript and refused by the action (not a PDF...): the page's answer, on this row.
  const posted = useActionData<typeof action>();
  const refusedHere = thisRow && posted && !posted.ok && posted.intent === "upload" ? uploadError(posted) : undefined;
  const error = clientError ?? serverError ?? tooLarge ?? refusedHere;
  const inputId = `document-${document.type}`;

  /** Refused in the browser before sending when not a PDF or over 5 MB: one toast and the reason beside the row. */
  function onFile(file: File | undefined, form: HTMLFormElement | null) {
    if (!file || !form) return;
    const problem = pdfFileProblem(file);
    if (problem) {
      const reason = fileProblemMessages.pdf[problem];
      setClientError(reason);
      toast({ title: messages.error, description: reason, variant: "destructive" });
      if (input.current) input.current.value = "";
      return;
    }
    setClientError(null);
    void fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  }

  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <FileText aria-hidden className="mt-0.5 size-6 shrink-0 text-teal-700" />
        <div>
          <h2 className="font-sans text-base font-semibold">{document.label}</h2>
          <p className="font-mono text-xs text-ink-500">{document.fileName}</p>
          <LiveVersion document={document} />
          {error ? (
            <p id={`${inputId}-error`} role="alert" className="mt-2 text-sm text-danger-600">
              {error}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-col gap-2 sm:items-end">
        <fetcher.Form method="post" encType="multipart/form-data" action={`?tipo=${document.type}`}>
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="type" value={document.type} />
          <label className={`btn btn-secondary cursor-pointer ${uploading ? "pointer-events-none opacity-60" : ""}`}>
            {uploading ? <Spinner /> : <Upload aria-hidden className="size-4" />}
            {uploading ? "Caricamento..." : document.exists ? "Sostituisci PDF" : "Carica PDF"}
            <input
              ref={input}
              id={inputId}
              type="file"
              name="file"
              accept="application/pdf,.pdf"
              className="sr-only"
              disabled={uploading}
              aria-label={`Carica il PDF: ${document.label}`}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(event) => onFile(event.target.files?.[0], event.currentTarget.form)}
            />
          </label>
          {/* Without JavaScript choosing a file sends nothing: this button does. */}
          <noscript>
            <button type="submit" className="btn btn-primary mt-2">
              Invia il PDF
            </button>
          </noscript>
        </fetcher.Form>
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <a
            href={`/admin/documenti/${document.type}`}
            target="_blank"
            rel="noreferrer"
            className="btn btn-secondary min-h-10 px-3 py-2 text-sm"
            aria-label={`Apri il PDF in uso: ${document.label}`}
          >
            <ExternalLink aria-hidden className="size-4" />
            Apri
          </a>
          <a
            href={`/admin/documenti/${document.type}?download`}
            download={document.fileName}
            className="btn btn-secondary min-h-10 px-3 py-2 text-sm"
            aria-label={`Scarica il PDF in uso: ${document.label}`}
          >
            <Download aria-hidden className="size-4" />
            Scarica
          </a>
        </div>
        {document.live === "uploaded" ? <UseGeneratedButton document={document} fetcher={restore} /> : null}
      </div>
    </li>
  );
}

/** Which PDF registrations send now: the upload (who, when; flagged when older than the site's text) or the generated one. */
function LiveVersion({ document }: { document: DocumentInfo }) {
  const textLink = (
    <a href={document.sitePath} target="_blank" rel="noreferrer" className="text-teal-700 underline underline-offset-2">
      {document.sitePath}
    </a>
  );
  if (document.live === "generated") {
    return (
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        <Badge tone="success">
          <CircleCheck aria-hidden className="mr-1 size-3.5" />
          In uso: generato dal sito
        </Badge>
        <span className="text-ink-700">
          Dal testo di {textLink}, versione del {document.textUpdated}
        </span>
      </p>
    );
  }
  return (
    <>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={document.outdated ? "warning" : "success"}>
          {document.outdated ? <CircleAlert aria-hidden className="mr-1 size-3.5" /> : <CircleCheck aria-hidden className="mr-1 size-3.5" />}
          In uso: caricato
        </Badge>
        <span className="text-ink-700">
          {document.uploadedBy ? `Da ${document.uploadedBy}` : "Caricato"}
          {document.uploadedAt ? ` il ${formatDateTime(document.uploadedAt)}` : ""}
          {document.size !== null ? ` · ${fileSize(document.size)}` : ""}
        </span>
      </p>
      {document.outdated ? (
        <p className="mt-2 flex items-start gap-2 rounded-xl border border-coral-500/40 bg-coral-100 p-3 text-sm text-coral-700">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            Il PDF caricato è precedente all'ultima versione del testo sul sito ({document.textUpdated}, {textLink}): chi si iscrive riceve un testo diverso da quello della pagina.
            Carica il PDF aggiornato oppure usa quello generato dal sito.
          </span>
        </p>
      ) : (
        <p className="mt-1 text-sm text-ink-500">
          Testo del sito: {textLink}, versione del {document.textUpdated}
        </p>
      )}
    </>
  );
}

/** Drops the upload (after a confirmation), so registrations send the PDF generated from the site's text again. */
function UseGeneratedButton({ document, fetcher }: { document: DocumentInfo; fetcher: FetcherWithComponents<ActionResult> }) {
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  function confirm() {
    const form = new FormData();
    form.set("intent", "use-generated");
    form.set("type", document.type);
    void fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  }
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden className="size-4" />
        Usa il PDF generato dal sito
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Usare il PDF generato dal sito?"
        description={`Il PDF caricato per "${document.label}" verrà eliminato: alle email di iscrizione verrà allegato il PDF generato dal testo di ${document.sitePath} (versione del ${document.textUpdated}).`}
        confirmLabel="Usa il PDF generato"
        busyLabel="Ripristino..."
        cancelLabel="Annulla"
        busy={busy}
        error={fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (uploadError(fetcher.data) ?? fetcher.data.error) : null}
        onConfirm={confirm}
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
