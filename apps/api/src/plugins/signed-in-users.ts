export interface SignedInUserCacheOptions {
  /** Rows kept at most; the oldest kept goes first. */
  maxEntries?: number;
  /** A row is read again after this long, whatever the change feed said: the last bound on a missed change. */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * The users rows that authentication read, kept between requests on PostgreSQL, where each read is a round
 * trip (docs/decisions/signed-in-user-cache.md). Correct only while the change feed is up: the owner
 * `enable()`s it once LISTEN is in place and `disable()`s it the moment the feed is lost, and both empty it.
 *
 * A row read from the database may be older than a change that arrives while the read is in flight, and
 * must then not be kept: a lookup takes a `stamp()` before its query is sent, and `put` keeps the row only if
 * nothing was forgotten (and the feed did not drop) since. Every `forget` moves the stamp on, whichever user
 * it names: changes of users are rare, so a read is rarely thrown away, and no per-user state is needed.
 */
export class SignedInUserCache<R> {
  readonly #rows = new Map<number, { row: R; readAt: number }>();
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #stamp = 0;
  #enabled = false;

  constructor(options: SignedInUserCacheOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 5_000;
    this.#maxAgeMs = options.maxAgeMs ?? 30_000;
    this.#now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.#enabled;
  }

  get size(): number {
    return this.#rows.size;
  }

  get(id: number): R | undefined {
    const kept = this.#rows.get(id);
    if (kept === undefined) return undefined;
    if (this.#now() - kept.readAt > this.#maxAgeMs) {
      this.#rows.delete(id);
      return undefined;
    }
    return kept.row;
  }

  /** Taken before a lookup's query is sent; hand it back to `put` with the row. */
  stamp(): number {
    return this.#stamp;
  }

  put(id: number, row: R, stamp: number): void {
    if (!this.#enabled || stamp !== this.#stamp) return;
    if (!this.#rows.has(id) && this.#rows.size >= this.#maxEntries) {
      const oldest = this.#rows.keys().next().value;
      if (oldest !== undefined) this.#rows.delete(oldest);
    }
    // Every request of this user shares the object from now on: one that changed it would change them all.
    this.#rows.set(id, { row: Object.freeze(row), readAt: this.#now() });
  }

  /** The user's row changed (or is gone): the next request reads it again. */
  forget(id: number): void {
    this.#stamp += 1;
    this.#rows.delete(id);
  }

  /** The change feed is listening: rows may be kept from now on (reads already in flight are not). */
  enable(): void {
    this.#reset();
    this.#enabled = true;
  }

  /** The change feed is lost: changes may go unheard, so nothing kept can be trusted. */
  disable(): void {
    this.#reset();
    this.#enabled = false;
  }

  #reset(): void {
    this.#stamp += 1;
    this.#rows.clear();
  }
}
