/**
 * A small in-memory cache of values that many requests share and that a database change
 * makes stale (decision 0027). Correctness rests on three rules:
 *
 * - `invalidate()` bumps a generation. A value computed while the generation moved (its
 *   query may have read the rows before the change committed) is handed to the callers
 *   that waited for it but never stored.
 * - Concurrent misses for one key share one computation, so a burst after an invalidation
 *   costs one query, not one per request.
 * - Every entry also ends after `maxAgeMs`, which bounds the staleness of whatever the
 *   invalidation deliberately ignores (view counts) or missed (a lost LISTEN connection is
 *   followed by a full invalidation anyway).
 */
export class InvalidatedCache<V> {
  private generation = 0;
  private readonly entries = new Map<string, { value: V; storedAt: number }>();
  private readonly inFlight = new Map<string, { generation: number; promise: Promise<V> }>();

  constructor(
    private readonly options: { maxAgeMs: number; maxEntries: number; now?: () => number },
  ) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** The fresh value if there is one, else undefined (no computation). */
  peek(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.options.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  async get(key: string, compute: () => Promise<V>): Promise<V> {
    const cached = this.peek(key);
    if (cached !== undefined) return cached;
    const pending = this.inFlight.get(key);
    if (pending && pending.generation === this.generation) return pending.promise;

    const generation = this.generation;
    const promise = compute().then((value) => {
      if (this.generation === generation) this.store(key, value);
      return value;
    });
    const flight = { generation, promise };
    this.inFlight.set(key, flight);
    try {
      return await promise;
    } finally {
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    }
  }

  /** Stores a value computed elsewhere (e.g. a session just looked up). */
  set(key: string, value: V) {
    this.store(key, value);
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  /** Drops everything, and anything being computed from before this moment. */
  invalidate() {
    this.generation++;
    this.entries.clear();
  }

  /** Snapshot of the generation, for callers that compute outside `get` and `set` later. */
  get currentGeneration() {
    return this.generation;
  }

  /** `set`, but only when nothing was invalidated since `generation` was read. */
  setIfCurrent(key: string, value: V, generation: number) {
    if (generation === this.generation) this.store(key, value);
  }

  private store(key: string, value: V) {
    if (!this.entries.has(key) && this.entries.size >= this.options.maxEntries) {
      // Oldest first: Map iterates in insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: this.now() });
  }
}
