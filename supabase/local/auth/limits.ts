// Auth's rate limits, kept in memory as GoTrue keeps them (a restart forgets them):
// - the project's email budget: at most `email_sent` emails per hour, counted in
//   fixed one-hour windows from the start (GoTrue's IntervalLimiter);
// - per client IP: /recover and /verify, each a token bucket holding 30 requests
//   that refills at the configured number per 5 minutes (tollbooth, as GoTrue uses it);
//   the MFA challenge and verify endpoints, a bucket each holding 30 that refills at
//   15 a minute (GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, which config.toml has no
//   key for).
// The per-address wait between two links is not here: it is read from the user's
// recovery_sent_at (see links.ts).
import type { AuthSettings } from "./config.ts";

const HOUR_MS = 3_600_000;
const FIVE_MINUTES_MS = 300_000;
const MINUTE_MS = 60_000;
/** GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY default: requests per IP per minute. */
export const MFA_REQUESTS_PER_MINUTE = 15;
/** Every per-IP bucket holds this many requests (GoTrue's burst). */
const BURST = 30;
/** A bucket unused this long is forgotten. */
const BUCKET_TTL_MS = HOUR_MS;
/** How often the buckets are swept for unused ones, at most. */
const SWEEP_INTERVAL_MS = 60_000;

/** At most `events` per interval, in fixed windows counted from `start`. */
export class IntervalLimiter {
  readonly #events: number;
  readonly #intervalMs: number;
  #windowStart: number;
  #count = 0;

  constructor(events: number, intervalMs: number, start = Date.now()) {
    this.#events = Math.floor(events);
    this.#intervalMs = intervalMs;
    this.#windowStart = start;
  }

  allow(now = Date.now()): boolean {
    const windows = Math.floor((now - this.#windowStart) / this.#intervalMs);
    if (windows > 0) {
      this.#windowStart += windows * this.#intervalMs;
      this.#count = 0;
    }
    if (this.#count < this.#events) {
      this.#count += 1;
      return true;
    }
    return false;
  }
}

interface Bucket {
  tokens: number;
  at: number;
}

/** A token bucket per key: `burst` tokens, refilled at `perMs` tokens a millisecond. */
export class KeyedBuckets {
  readonly #perMs: number;
  readonly #burst: number;
  readonly #buckets = new Map<string, Bucket>();
  #sweptAt = 0;

  constructor(events: number, overMs: number, burst = BURST) {
    this.#perMs = events / overMs;
    this.#burst = burst;
  }

  allow(key: string, now = Date.now()): boolean {
    this.#forgetIdle(now);
    const bucket = this.#buckets.get(key) ?? { tokens: this.#burst, at: now };
    bucket.tokens = Math.min(this.#burst, bucket.tokens + (now - bucket.at) * this.#perMs);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Drops the buckets unused for BUCKET_TTL_MS, once a minute at most. */
  #forgetIdle(now: number): void {
    if (now - this.#sweptAt < SWEEP_INTERVAL_MS) return;
    this.#sweptAt = now;
    for (const [key, bucket] of this.#buckets) {
      if (now - bucket.at > BUCKET_TTL_MS) this.#buckets.delete(key);
    }
  }
}

export interface AuthLimits {
  /** The project's hourly email budget ([auth.rate_limit] email_sent). */
  email: IntervalLimiter;
  /** POST /recover per IP ([auth.rate_limit] sign_in_sign_ups per 5 minutes). */
  recover: KeyedBuckets;
  /** GET and POST /verify per IP ([auth.rate_limit] token_verifications per 5 minutes). */
  verify: KeyedBuckets;
  /** POST /factors/{id}/challenge per IP (15 a minute). */
  mfaChallenge: KeyedBuckets;
  /** POST /factors/{id}/verify per IP (15 a minute). */
  mfaVerify: KeyedBuckets;
}

export function createLimits(settings: AuthSettings): AuthLimits {
  return {
    email: new IntervalLimiter(settings.rateLimitEmailSent, HOUR_MS),
    recover: new KeyedBuckets(settings.rateLimitSignInSignUps, FIVE_MINUTES_MS),
    verify: new KeyedBuckets(settings.rateLimitTokenVerifications, FIVE_MINUTES_MS),
    mfaChallenge: new KeyedBuckets(MFA_REQUESTS_PER_MINUTE, MINUTE_MS),
    mfaVerify: new KeyedBuckets(MFA_REQUESTS_PER_MINUTE, MINUTE_MS),
  };
}
