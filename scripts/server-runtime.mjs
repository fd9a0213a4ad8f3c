// How the API server process runs: the Node flags and environment that `npm start`, `npm run dev` and the
// benchmarks all use, so the figures in bench/ are the product's figures. Measured and explained in
// docs/decisions/memory.md.

/**
 * V8 flags for the server process.
 *
 * `--max-semi-space-size=4`: V8 sizes the young generation for throughput on big machines (up to 64 MB per
 * semi-space on 64-bit without pointer compression, 128 MB of new space) and does not give it back while
 * requests keep coming. A request's garbage dies young and a scavenge costs what survives, not what was
 * allocated, so 4 MB semi-spaces keep the CPU per request and the new space at 8 MB.
 *
 * `--heap-growing-percent=50`: after a full collection V8 lets the old generation grow to up to 4× what
 * survived before it collects again, and the pages it frees stay in its page pool, resident. On PostgreSQL a
 * month-list page's request lives across scavenges while the database works (~80 KB promoted per request),
 * so the old generation climbed from ~28 MB live to ~100 MB between collections and the server peaked at
 * 180–215 MB. Growth capped at 1.5×: 121–146 MB; CPU per request the same on SQLite creates, 0–10 % more on
 * the PostgreSQL list in interleaved runs (docs/decisions/memory.md).
 *
 * `--expose-gc-as=centavoStartupGc`: V8's gc() under a name of its own (STARTUP_GC_GLOBAL in
 * apps/api/src/lib/startup-memory.ts), called once when the server listens: a memory-reducing collection
 * gives back the young generation and the garbage start-up leaves (idle RSS ~92 → ~82 MB), which V8 itself
 * does only after ~100 s of idling. Nothing else calls it.
 *
 * No `--max-old-space-size`: the live heap is ~25 MB, and a cap would turn one large allocation (an export of
 * years of entries) into a crash of the whole server.
 */
export const SERVER_NODE_ARGS = Object.freeze([
  '--max-semi-space-size=4',
  '--heap-growing-percent=50',
  '--expose-gc-as=centavoStartupGc',
]);

/**
 * Environment for the server process (glibc malloc; read at process start). A value the operator already set
 * wins.
 *
 * `MALLOC_ARENA_MAX=2`: glibc gives every thread that calls malloc its own arena (up to 8 per core); V8's
 * compiler and GC threads leave tens of MB of freed memory in theirs. Two arenas hold the same allocations
 * without the per-thread slack.
 *
 * `MALLOC_MMAP_THRESHOLD_=131072`: blocks from 128 KB up get their own mapping, returned to the system when
 * freed. By default glibc raises this threshold up to 32 MB after the first large free, so the month list's
 * JSON (1.7 MB on a million entries, built by SQLite or read by pg, copied into a Buffer, ten in flight)
 * fills the main arena with holes it never gives back: every later request then runs at ~190–230 MB instead
 * of ~130–145 MB. The price is a fresh mapping and its page faults per such buffer: ~20–30 % more CPU on the
 * month list, nothing measurable elsewhere (docs/decisions/memory.md). A fixed value also keeps the trim
 * threshold at its 128 KB default.
 */
export const SERVER_ENV = Object.freeze({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' });

/** The environment to spawn the server with: `base` (default process.env) plus SERVER_ENV where unset. */
export function serverEnv(base = process.env) {
  const env = { ...base };
  for (const [key, value] of Object.entries(SERVER_ENV)) {
    if (env[key] === undefined || env[key] === '') env[key] = value;
  }
  return env;
}
