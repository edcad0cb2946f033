/** Small, locale-independent formatters used by the content files (same output on server and client). */

/** 15000 -> "15.000" (Italian thousands separator). */
function thousands(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/** 35 -> "€35"; 15000 -> "€15.000". */
export function euro(value: number): string {
  return `€${thousands(value)}`;
}
