/**
 * What a page shows once after a form post answered by a redirect (the Epic Stack's toast in a
 * cookie): which form (its scope), how it went, and the first field the server refused. Only
 * these three codes travel, never text the site says: the page words the message, so a cookie set
 * by anyone cannot make the site say something it would not say. The one exception is what the
 * person typed in the refused field, put back into that field only (so a mistyped address can be
 * corrected rather than typed again); it rides in this visitor's HttpOnly cookie, and a page that
 * spends a flash is never kept in a shared cache.
 */
export interface Flash {
  form: string;
  /** `held`: accepted, but held for staff review (sent without the anti-spam proof). */
  outcome: "ok" | "held" | "error";
  field?: string;
  value?: string;
}

export const FLASH_COOKIE = "flash";

/**
 * An upload sent without JavaScript whose body was over the server's cap: the server never read it,
 * so it sends the browser back to the form's page with this flash, and the page puts the size message
 * under its file field.
 */
export const UPLOAD_TOO_LARGE: Flash = { form: "upload", outcome: "error", field: "file" };

const CODE = /^[a-z0-9_-]{1,64}$/i;
/** The longest typed value put back (an e-mail address's limit): anything longer is not carried, the field comes back empty. */
export const FLASH_VALUE_MAX = 254;
/** The typed value, base64url after a `~` (a character base64url lacks, so no other segment reads as one). */
const ENCODED_VALUE = /^~([A-Za-z0-9_-]{1,1100})$/;

export function encodeFlash({ form, outcome, field, value }: Flash) {
  const typed = field && value && value.length <= FLASH_VALUE_MAX ? [`~${Buffer.from(value).toString("base64url")}`] : [];
  return [form, outcome, ...(field ? [field, ...typed] : [])].join(".");
}

/** The flash a cookie value holds, or null for anything this site did not write. */
export function decodeFlash(cookie: string | undefined): Flash | null {
  const [form, outcome, field, typed, ...rest] = (cookie ?? "").split(".");
  if (!form || !CODE.test(form) || (outcome !== "ok" && outcome !== "held" && outcome !== "error") || rest.length) return null;
  if (field !== undefined && !CODE.test(field)) return null;
  const encoded = typed === undefined ? undefined : ENCODED_VALUE.exec(typed)?.[1];
  if (typed !== undefined && !encoded) return null;
  const value = encoded ? Buffer.from(encoded, "base64url").toString("utf8").slice(0, FLASH_VALUE_MAX) : "";
  return { form, outcome, ...(field ? { field } : {}), ...(value ? { value } : {}) };
}
