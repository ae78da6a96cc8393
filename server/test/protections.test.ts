/**
 * Hostile clients (issue 14): security headers, HEAD like GET, a limit on failed
 * authentications that never refuses a valid key, and absolute URLs that a client's Host or
 * X-Forwarded-* headers cannot steer unless TRUST_PROXY says a proxy sets them.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadResponseSchema } from '../../src/contract';
import { MAX_FAILURES } from '../http/auth-limit';
import { call, DEMO_KEY, parsed, startService, type Running } from './harness';

const running: Running[] = [];
let svc: Running;
// The local file store even when the suite runs with S3: these are the service's own URLs (on S3,
// upload and file URLs are the store's presigned ones, whatever the request's headers).
const local = { s3: undefined };
beforeAll(async () => {
  svc = await startService(local);
  running.push(svc);
});
afterAll(async () => {
  for (const r of running) await r.cleanup();
});

/** POST /uploads with raw headers (fetch may not set Host), returning the upload URL's origin. */
function uploadOrigin(base: string, headers: Record<string, string>): Promise<string> {
  const body = JSON.stringify({ filename: 'a.wav', contentType: 'audio/wav', contentLength: 3 });
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${DEMO_KEY}`,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        ...headers,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        try {
          const answer = UploadResponseSchema.parse(JSON.parse(text));
          resolve(new URL(answer.uploadUrl).origin);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('protections', () => {
  it('sends security headers on API answers, problems and health checks', async () => {
    for (const res of [
      await fetch(`${svc.api}/me`, { headers: { Authorization: `Bearer ${DEMO_KEY}` } }),
      await fetch(`${svc.api}/nowhere`),
      await fetch(`${svc.base}/healthz`),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('answers HEAD on GET routes like GET, without a body', async () => {
    const headers = { Authorization: `Bearer ${DEMO_KEY}` };
    const get = await fetch(`${svc.api}/credits`, { headers });
    const getBody = await get.arrayBuffer();
    const head = await fetch(`${svc.api}/credits`, { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(Number(head.headers.get('content-length'))).toBe(getBody.byteLength);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const allowed = await fetch(`${svc.api}/credits`, { method: 'DELETE', headers });
    expect(allowed.status).toBe(405);
    expect(allowed.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 429 with Retry-After after a burst of bad keys, and still serves valid keys', async () => {
    const own = await startService();
    running.push(own);
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES + 5; i++) {
      statuses.push((await call(`${own.api}/me`, { key: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, MAX_FAILURES).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(MAX_FAILURES).every((s) => s === 429)).toBe(true);
    const limited = await call(`${own.api}/me`, { key: 'one-more-guess' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same client with a valid key: answered as usual.
    expect((await call(`${own.api}/me`)).status).toBe(200);
  });

  it('ignores Host and X-Forwarded-* unless TRUST_PROXY; PUBLIC_URL wins', async () => {
    const forged = {
      Host: 'evil.example',
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'evil.example',
    };
    expect(await uploadOrigin(svc.base, forged)).toBe(svc.base);

    const proxied = await startService({ ...local, trustProxy: true });
    running.push(proxied);
    expect(await uploadOrigin(proxied.base, forged)).toBe('https://evil.example');
    expect(await uploadOrigin(proxied.base, { Host: 'studio.example:8080' })).toBe(
      'http://studio.example:8080',
    );

    const named = await startService({ ...local, publicUrl: 'https://karaoke.example' });
    running.push(named);
    expect(await uploadOrigin(named.base, forged)).toBe('https://karaoke.example');
    const entry = parsed(
      UploadResponseSchema,
      await call(`${named.api}/uploads`, {
        method: 'POST',
        body: { filename: 'a.wav', contentType: 'audio/wav', contentLength: 3 },
      }),
    );
    expect(entry.uploadUrl.startsWith('https://karaoke.example/uploads/')).toBe(true);
  });
});
