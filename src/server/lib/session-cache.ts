/**
 * A short in-process memory of authenticated sessions, so a request does not spend a database
 * round trip on its cookie or token when the same session was read a moment ago. An entry lives
 * for at most `ttlMs` (SESSION_CACHE_MS) and never past the session's own expiry (both on the
 * injected clock). Revocation drops entries at once on this instance; other instances are told
 * through the Socket.IO adapter (realtime/socket.ts 'room-ended').
 *
 * The cache says who the caller is, never on its own that the session is still live: a request let
 * in from a cached entry ({@link SessionCache.read} `cached`) has its session confirmed by the
 * database in its first query (lib/request-context.ts `claimSession`), so a session revoked on
 * another instance is refused from the moment the revocation commits, whether the relay's message
 * has arrived yet or not.
 */
import type { Clock } from './clock.js';

/** What a loader returns: the value and the session's expiry. */
export interface Loaded<V> {
  value: V;
  expiresAt: Date;
}

export interface SessionCacheOptions<V> {
  /** Longest time an entry is served without re-reading it, ms; 0 turns the cache off. */
  ttlMs: number;
  clock: Clock;
  /** The account a value belongs to (for {@link SessionCache.forgetOwner}). */
  ownerOf(value: V): number;
  /** Entries kept at most; the oldest goes first. */
  maxEntries?: number;
}

interface Entry<V> {
  value: V;
  /** Epoch ms after which the entry is not served: min(cached at + ttl, session expiry). */
  until: number;
}

/** Sessions by token hash (any string key). */
export class SessionCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /**
   * Bumped by every forget: a read that started before a revocation must not store what it read
   * (it may be the revoked session), or the revocation would be undone for up to `ttlMs`.
   */
  private generation = 0;

  constructor(private readonly opts: SessionCacheOptions<V>) {}

  /**
   * The cached value of `key` if still valid now (`cached` true: the database has not been asked);
   * else `load()`'s value (`cached` false), cached when found.
   * @param opts.fresh ask `load` even when an entry is cached (the entry is replaced)
   * @returns undefined when `load` finds nothing (nothing is cached for it).
   */
  async read(key: string, load: () => Promise<Loaded<V> | undefined>, opts: { fresh?: boolean } = {}): Promise<{ value: V; cached: boolean } | undefined> {
    const now = this.opts.clock.now().getTime();
    const hit = this.entries.get(key);
    if (hit && now < hit.until && !opts.fresh) return { value: hit.value, cached: true };
    if (hit) this.entries.delete(key);
    const started = this.generation;
    const found = await load();
    if (!found) return undefined;
    if (this.opts.ttlMs > 0 && started === this.generation) {
      if (this.entries.size >= (this.opts.maxEntries ?? 10_000)) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value: found.value, until: Math.min(now + this.opts.ttlMs, found.expiresAt.getTime()) });
    }
    return { value: found.value, cached: false };
  }

  /** {@link read}'s value alone. */
  async get(key: string, load: () => Promise<Loaded<V> | undefined>): Promise<V | undefined> {
    return (await this.read(key, load))?.value;
  }

  /** Drops one session (logout). */
  forget(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  /** Drops every session of an account (account changed or revoked). */
  forgetOwner(owner: number): void {
    this.generation++;
    for (const [k, e] of this.entries) if (this.opts.ownerOf(e.value) === owner) this.entries.delete(k);
  }
}
