import type { ServerResponse } from 'node:http';

/**
 * GET /signin/<token>: a used or expired link explains itself; a good one redirects to the app
 * with the key in the fragment (never sent to a server, removed by the app at once).
 */
export function answerSignIn(res: ServerResponse, apiKey: string | undefined): void {
  const common = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };
  if (apiKey) {
    res.writeHead(303, { ...common, Location: `/#key=${encodeURIComponent(apiKey)}` }).end();
    return;
  }
  const body =
    '<!doctype html><meta charset="utf-8"><title>Sign-in link used</title>' +
    '<h1>This sign-in link was already used or has expired</h1>' +
    '<p>Each link works once, for 15 minutes. For a new one run <code>npm run keys -- link</code>, ' +
    'or restart <code>npm start</code>.</p>';
  res.writeHead(410, { ...common, 'Content-Type': 'text/html; charset=utf-8' }).end(body);
}
