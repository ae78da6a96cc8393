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
    '<!doctype html><html lang="en"><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Sign-in link used</title>' +
    '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem}' +
    'code{white-space:nowrap}a{color:#0b5cad}a:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}</style>' +
    '<main><h1>This sign-in link was already used or has expired</h1>' +
    '<p>Each link works once, for 15 minutes. For a new one run <code>npm run keys -- link</code>, ' +
    'or restart <code>npm start</code>.</p>' +
    '<p><a href="/">Open the app</a> to sign in with an API key instead.</p></main></html>';
  res.writeHead(410, { ...common, 'Content-Type': 'text/html; charset=utf-8' }).end(body);
}
