import { driverError, isDatabaseUnavailable } from "../db/client.server";
import { logger } from "../logger.server";

/**
 * The one error convention: services throw `HttpError` (a status, the message the person reads,
 * optionally the field it is about); `handleErrors` turns what a route's work threw into the route's
 * answer. Anything else that is thrown is a fault: logged, and answered with a generic 500.
 */

export const errors = {
  invalid: "Alcuni campi non sono compilati correttamente.",
  badJson: "Richiesta non valida: il contenuto non è JSON valido.",
  tooLarge: "Richiesta troppo grande.",
  rateLimited: "Troppe richieste. Riprova tra qualche minuto.",
  internal: "Si è verificato un errore interno. Riprova più tardi.",
  method: "Metodo non consentito.",
  idempotencyMismatch: "Questa chiave di idempotenza è già stata usata per una richiesta diversa.",
  idempotencyKey: "Intestazione Idempotency-Key non valida.",
  spam: "Richiesta non valida.",
  invalidCharacters: "La richiesta contiene caratteri non validi.",
  idempotencyInFlight: "Questa richiesta è ancora in corso: riprova tra qualche istante.",
  notAnObject: "Richiesta non valida: il contenuto deve essere un oggetto JSON con i campi del modulo.",
  notAForm: "Richiesta non valida: i dati vanno inviati con il modulo della pagina.",
} as const;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * Logs a fault under `scope` by its kind only (name, driver code, stack frames), never its message:
 * a failed query's message carries the submitted, personal, values.
 */
function logFailure(scope: string, error: unknown) {
  const { name, stack } = (error ?? {}) as { name?: string; stack?: string };
  const frames = stack
    ?.split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");
  logger.error({ scope, name, code: driverError(error)?.code, frames }, "request failed");
}

export interface ErrorScope {
  /** Where, in the log ("admin-payments", "api/groups"). */
  scope: string;
  /** The 500's message for a fault (errors.internal unless the page has its own words). */
  fallback?: string;
}

/**
 * The one wrapper between a route's work and its answer: `work` runs; an HttpError it throws goes to
 * `answer` as it is (status, message, fields); anything else is logged (`logFailure`) and goes to
 * `answer` as a 500 with `fallback`. What is an answer already passes through: a thrown Response (a
 * gate's refusal, a redirect, a page's 404) and a database outage, which the outage guard turns into
 * the 503 every route gives (outage.server.ts).
 */
export async function handleErrors<T, A>(work: () => Promise<T>, answer: (error: HttpError) => A | Promise<A>, { scope, fallback = errors.internal }: ErrorScope): Promise<T | A> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response || isDatabaseUnavailable(error)) throw error;
    if (error instanceof HttpError) return answer(error);
    logFailure(scope, error);
    return answer(new HttpError(500, fallback));
  }
}

/** An HttpError as the page's own error (thrown as its Response): the route's ErrorBoundary shows its status. */
export function pageError(error: HttpError): never {
  throw new Response(error.message, { status: error.status });
}

/** A loader's work: an HttpError it throws (a missing record, or one that is not this person's) is the page's error with its status. */
export function loadPage<T>(scope: string, work: () => Promise<T>): Promise<T> {
  return handleErrors(work, pageError, { scope });
}

/** Work a page can do without (a preview, a list of slots): when it fails, whatever the reason, it is logged and `fallback` is shown instead. */
export async function orFallback<T, F>(scope: string, fallback: F, work: () => Promise<T>): Promise<T | F> {
  try {
    return await work();
  } catch (error) {
    logFailure(scope, error);
    return fallback;
  }
}
