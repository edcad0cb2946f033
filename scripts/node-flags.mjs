/**
 * How `npm start` (and the benchmark and stress run, which measure what it serves) runs server.mjs:
 * the V8 heap bounded so that the server's RSS stays at or under 256 MB beside PostgreSQL on a small
 * server (issue 32; docs/decisions/083-server-memory-bounds.md, what each costs in docs/performance.md).
 * - `--max-semi-space-size=16`: V8's own default on 64-bit, said explicitly. The 64 MB of decision 005
 *   kept two 64 MB semi-spaces committed from the first seconds (128 MB of RSS before any request).
 * - `--max-old-space-size=160`: without a bound V8 lets the old generation grow with the machine's
 *   memory (to 350 MB after ten seconds of home-page load on a 24 GB machine) before collecting it;
 *   with one it collects earlier. The live heap is 80-105 MB at 2,000 members; a process whose live
 *   objects passed 160 MB would stop with "heap out of memory" (and be restarted by its supervisor).
 */
export const serverNodeFlags = ["--max-semi-space-size=16", "--max-old-space-size=160"];

/**
 * The server's environment beside the flags: glibc's malloc keeps up to eight arenas per core, one for each thread
 * that allocates at once (libuv's pool compressing and hashing, V8's workers), and returns little of them; two
 * arenas took 53 MB off the RSS of a first start (343 → 290 MB, twice each; decision 083).
 */
export const serverEnv = { MALLOC_ARENA_MAX: "2" };
