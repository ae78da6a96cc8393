/**
 * One-time sign-in links through the `Db` port (docs/adr/0010): a link works once, for 15
 * minutes, on SQLite and (project node-postgres) on PostgreSQL, where a link made by one
 * process is redeemed by another sharing the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInToken, LINK_TTL_MS } from '../signin-links';
import { DEMO_KEY, onPostgres, startService, type Running } from './harness';

const running: Running[] = [];
let svc: Running;
beforeAll(async () => {
  svc = await startService({ worker: false });
  running.push(svc);
});
afterAll(async () => {
  for (const r of running) await r.cleanup();
});

const open = (url: string) => fetch(url, { redirect: 'manual' });

describe('sign-in links', () => {
  it('redirects to the app with the key once, then explains that the link was used', async () => {
    const link = await svc.service.signInLink(svc.base);
    expect(link).toMatch(new RegExp(`^${svc.base}/signin/[A-Za-z0-9_-]{16,64}$`));
    expect(link).not.toContain(DEMO_KEY);
    const first = await open(link);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/#key=${encodeURIComponent(DEMO_KEY)}`);
    const again = await open(link);
    expect(again.status).toBe(410);
    const page = await again.text();
    expect(page).toContain('already used or has expired');
    expect(page).toContain('<a href="/">Open the app</a>');
  });

  it('refuses an expired link and an unknown token', async () => {
    const db = svc.service.services.db;
    const old = await createSignInToken(db, Date.now() - LINK_TTL_MS - 1000);
    expect((await open(`${svc.base}/signin/${old}`)).status).toBe(410);
    expect((await open(`${svc.base}/signin/${'x'.repeat(32)}`)).status).toBe(410);
    expect((await open(`${svc.base}/signin/bad!token`)).status).toBe(410);
  });

  it('lets only one of two simultaneous openings through', async () => {
    const link = await svc.service.signInLink(svc.base);
    const statuses = (await Promise.all([open(link), open(link), open(link)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([303, 410, 410]);
  });

  it.runIf(onPostgres)('is redeemed by another process sharing the database', async () => {
    const other = await startService({ worker: false, databaseUrl: svc.databaseUrl });
    running.push(other);
    const link = await svc.service.signInLink(svc.base);
    const token = link.slice(link.lastIndexOf('/') + 1);
    expect((await open(`${other.base}/signin/${token}`)).status).toBe(303);
    expect((await open(link)).status).toBe(410);
  });
});
