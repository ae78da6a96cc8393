import type { IncomingMessage } from 'node:http';

/** How the service names itself in absolute URLs (signed file links, task and project URLs). */
export interface OriginPolicy {
  /** PUBLIC_URL: the origin clients use (behind a proxy, or a fixed name). Wins when set. */
  publicUrl?: string;
  /** TRUST_PROXY: take X-Forwarded-Proto / X-Forwarded-Host (else Host) from the request. */
  trustProxy: boolean;
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;
const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();

/**
 * The absolute origin for URLs in responses (docs/api-decisions.md). Request headers are the
 * client's to choose, so they are used only with TRUST_PROXY (a proxy in front sets them);
 * otherwise PUBLIC_URL, or the address the connection actually reached (the listen address).
 */
export function originOf(req: IncomingMessage, policy: OriginPolicy): string {
  if (policy.publicUrl) return policy.publicUrl;
  if (policy.trustProxy) {
    const host = first(req.headers['x-forwarded-host']) ?? first(req.headers.host);
    const proto = first(req.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
    if (host && HOST.test(host)) return `${proto}://${host}`;
  }
  const socket = req.socket;
  let address = socket.localAddress ?? '127.0.0.1';
  if (address.startsWith('::ffff:')) address = address.slice(7);
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${socket.localPort ?? 80}`;
}

/** PUBLIC_URL without a trailing slash; undefined when unset or not an http(s) origin. */
export function parsePublicUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}
