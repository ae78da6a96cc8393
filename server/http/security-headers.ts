import type { ServerResponse } from 'node:http';

/** API answers, files and small pages: nothing to run, nothing to frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The built app (docs/adr/0010): scripts only from this origin (no inline script: the built
 * index.html loads one module file); styles may be inline (React style props); audio, stems and
 * API calls may go to another service the user signs in to (any http(s) origin); workers and
 * decoded audio use blob: URLs. zod then runs without eval (its jitless path).
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' blob: http: https:",
  "connect-src 'self' http: https:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS = [
  'Content-Security-Policy',
  'X-Content-Type-Options',
  'X-Frame-Options',
  'Referrer-Policy',
] as const;

/** Headers on every answer of ours (not on what the Vite dev server serves). */
export function setSecurityHeaders(res: ServerResponse, csp = API_CSP): void {
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
}
