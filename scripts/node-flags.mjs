/**
 * How `npm start` (and the benchmark and stress run, which measure what it serves) runs server.mjs.
 * A young generation of up to 64 MB per semi-space: under load a request's objects live as long as
 * the request (tens of milliseconds), outlived V8's default 16 MB, were promoted and filled the old
 * generation with garbage; with room they die young (docs/decisions/005-outbox-yields-under-load.md).
 */
export const serverNodeFlags = ["--max-semi-space-size=64"];
