// What the server does once at start-up about V8's memory: measured in docs/decisions/memory.md
// ("Start-up garbage collected on listen").
import { createHook } from 'node:async_hooks';

/**
 * The global that `scripts/server-runtime.mjs` exposes V8's gc() under (`--expose-gc-as`, same name there). Unset
 * where the server runs without those flags (tests, `BENCH_SERVER_RUNTIME=plain`): then nothing is collected.
 */
export const STARTUP_GC_GLOBAL = 'centavoStartupGc';

let keptTick: object | undefined;

/**
 * Keeps one of `process.nextTick`'s queue entries alive for the life of the process.
 *
 * nextTick builds each entry as an object literal with computed (symbol) keys. V8 remembers the shape those keys
 * are added to only weakly, and once a full collection runs while no entry is alive it forgets it; the next
 * entry then finds a different shape and the site turns megamorphic for good: every later entry is built by a
 * runtime call. That cost /user/me 17 → 20 µs of CPU per request after any full collection at an idle moment:
 * the one after start-up below, and the one V8's memory reducer runs on its own after ~100 s without load.
 * A live entry keeps its shapes (and their transitions) alive. Run before start-up's own collections.
 */
export function keepNextTickShape(): void {
  if (keptTick) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') keptTick ??= resource;
    },
  }).enable();
  // The init hook runs inside nextTick, synchronously; the callback itself does nothing.
  process.nextTick(() => {});
  hook.disable();
}

type GcExtension = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * One memory-reducing full collection, once the server listens.
 *
 * Start-up grows the young generation to its 8 MB limit and leaves its pages resident, with 1–2 MB live in
 * them; the old generation keeps the garbage of migrations and route building. V8's memory reducer would
 * give that back, but it judges the allocation rate from start-up and waits ~100 s of idling before it acts.
 * Collecting with memory reduction (shrinks the young generation to its minimum, compacts, returns free
 * pages) takes the idle server from ~92 to ~82 MB RSS, for ~40 ms of start-up; under load the young
 * generation grows back. `last-resort` is the only flavour of V8's gc() that reduces memory; it also drops
 * the bytecode of functions not running, recompiled on their next call.
 */
export function releaseStartupMemory(): void {
  const gc = (globalThis as Record<string, unknown>)[STARTUP_GC_GLOBAL];
  if (typeof gc !== 'function') return;
  (gc as GcExtension)({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
