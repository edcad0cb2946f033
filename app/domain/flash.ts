/**
 * What a page shows once after a form post answered by a redirect (the Epic Stack's toast in a
 * cookie): which form (its scope), how it went, and the first field the server refused. Only
 * these three codes travel, never text: the page words the message, so a cookie set by anyone
 * cannot make the site say something it would not say.
 */
export interface Flash {
  form: string;
  outcome: "ok" | "error";
  field?: string;
}

export const FLASH_COOKIE = "flash";

const CODE = /^[a-z0-9_-]{1,64}$/i;

export function encodeFlash({ form, outcome, field }: Flash) {
  return [form, outcome, ...(field ? [field] : [])].join(".");
}

/** The flash a cookie value holds, or null for anything this site did not write. */
export function decodeFlash(value: string | undefined): Flash | null {
  const [form, outcome, field, ...rest] = (value ?? "").split(".");
  if (!form || !CODE.test(form) || (outcome !== "ok" && outcome !== "error") || rest.length) return null;
  if (field !== undefined && !CODE.test(field)) return null;
  return { form, outcome, ...(field ? { field } : {}) };
}
