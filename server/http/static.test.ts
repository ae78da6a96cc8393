import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CSP, APP_CSP, setSecurityHeaders } from './security-headers';
import { serveStatic } from './static';

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-test-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'assets', 'fetch-worker-abc.js'), 'postMessage(1);');
  writeFileSync(join(dir, 'assets', 'app-abc.css'), 'body{}');
  // as the service does: the answers' default policy first, then the static files
  server = createServer((req, res) => {
    setSecurityHeaders(res);
    void serveStatic(dir, new URL(req.url ?? '/', 'http://x').pathname, req, res).then((ok) => {
      if (!ok) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serveStatic', () => {
  it("gives pages and scripts the app's policy (a worker runs under its script's), the rest the default", async () => {
    const page = await fetch(`${base}/projects/p1`);
    expect(page.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(await page.text()).toContain('<title>app</title>');
    const worker = await fetch(`${base}/assets/fetch-worker-abc.js`);
    expect(worker.headers.get('content-type')).toContain('text/javascript');
    expect(worker.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(APP_CSP).toContain("connect-src 'self' http: https:");
    const style = await fetch(`${base}/assets/app-abc.css`);
    expect(style.headers.get('content-security-policy')).toBe(API_CSP);
  });
});
