import type { IncomingMessage } from 'node:http';

/** Failed authentications a client may make per window before it is answered 429. */
export const MAX_FAILURES = 20;
export const WINDOW_MS = 60_000;
const MAX_CLIENTS = 10_000;

/**
 * Limits failed authentications per client (docs/adr/0010): after MAX_FAILURES failures in a
 * window, the client's failing requests are answered 429 with Retry-After until the window ends.
 * Valid keys are never slowed or refused: the key is looked up first (one indexed read, no
 * added delay), so the app keeps working from an address a noisy script shares. Keys are 256-bit
 * random, so the limit is against floods and noise, not a guessing defence.
 */
export class AuthLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly trustProxy: boolean) {}

  clientOf(req: IncomingMessage): string {
    if (this.trustProxy) {
      const forwarded = req.headers['x-forwarded-for'];
      const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
      if (first) return first;
    }
    return req.socket.remoteAddress ?? 'unknown';
  }

  /** Counts a failure; returns the seconds to wait when the client is over the limit, else 0. */
  failed(client: string, now = Date.now()): number {
    let entry = this.failures.get(client);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + WINDOW_MS };
      this.failures.delete(client);
      if (this.failures.size >= MAX_CLIENTS) this.evictOldest();
      this.failures.set(client, entry);
    }
    entry.count++;
    return entry.count > MAX_FAILURES ? Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) : 0;
  }

  /** Drops the oldest tenth of the clients (a Map iterates in insertion order). */
  private evictOldest(): void {
    let n = Math.ceil(this.failures.size / 10);
    for (const key of this.failures.keys()) {
      if (n-- <= 0) break;
      this.failures.delete(key);
    }
  }
}
