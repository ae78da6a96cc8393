import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/database';

/**
 * Presigned-URL style links for what a plain `<audio>` element or an upload PUT fetches without an
 * Authorization header: HMAC-SHA256 over method, id and expiry, with a secret kept in DATA_DIR.
 */
export class UrlSigner {
  constructor(private readonly secret: Buffer) {}

  static fromDataDir(dataDir: string): UrlSigner {
    const file = join(dataDir, 'url-signing.secret');
    if (!existsSync(file)) {
      try {
        writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
      } catch {
        // Another process wrote it first: use theirs.
      }
    }
    return new UrlSigner(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
  }

  /**
   * The secret kept in the database, for processes that share one database but not one disk (any
   * api process must accept a link another one signed). The first process to start makes it.
   */
  static async fromDatabase(db: Db): Promise<UrlSigner> {
    await db.run(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
      'url-signing-secret',
      randomBytes(32).toString('hex'),
    );
    const row = await db.one<{ value: string }>(
      'SELECT value FROM meta WHERE key = ?',
      'url-signing-secret',
    );
    if (!row) throw new Error('the URL signing secret is missing');
    return new UrlSigner(Buffer.from(row.value, 'hex'));
  }

  sign(method: string, id: string, expiresAt: number): string {
    return createHmac('sha256', this.secret)
      .update(`${method}\n${id}\n${expiresAt}`)
      .digest('base64url');
  }

  /** `?exp=&sig=` for `id`, valid for `seconds`. */
  query(method: string, id: string, expiresAt: number): string {
    return `exp=${expiresAt}&sig=${this.sign(method, id, expiresAt)}`;
  }

  /** 'ok', or why the link is refused. */
  verify(
    method: string,
    id: string,
    params: URLSearchParams,
    now = Date.now(),
  ): 'ok' | 'expired' | 'bad-signature' {
    const exp = Number(params.get('exp'));
    const sig = params.get('sig') ?? '';
    if (!Number.isInteger(exp)) return 'bad-signature';
    const expected = Buffer.from(this.sign(method, id, exp));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return 'bad-signature';
    }
    return exp * 1000 < now ? 'expired' : 'ok';
  }
}

/**
 * Playback links expire a day after the current hour ends, so the same file keeps the same URL for
 * an hour and the browser's cache can reuse what it already streamed.
 */
export function playbackExpiry(now = Date.now()): number {
  const hour = 3600;
  return Math.ceil(now / 1000 / hour) * hour + 24 * hour;
}
