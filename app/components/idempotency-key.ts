/** 32 hex characters; works outside secure contexts too, unlike crypto.randomUUID. */
export function newIdempotencyKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
