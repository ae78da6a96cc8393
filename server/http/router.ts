import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import {
  describeIssues,
  matchPath,
  routes,
  type RouteDef,
  type RouteName,
} from '../../src/contract';
import { type HandlerTable, RawJson, type RequestContext, type Services } from '../context';
import { accountForKey } from '../db/accounts';
import { parseJsonBody, readBody } from './body';
import { fingerprint, type IdempotencyStore, type StoredResponse } from './idempotency';
import { HttpError } from './problem';

export const API_PREFIX = '/api/v1';
const JSON_LIMIT = 1024 * 1024;
/** A 100,000-item alignment is about 20 MB of JSON. */
const LARGE_JSON_LIMIT = 64 * 1024 * 1024;
const BODY_LIMITS: Partial<Record<RouteName, number>> = { replaceAlignment: LARGE_JSON_LIMIT };

const entries = Object.entries(routes) as [RouteName, RouteDef][];

/** The route for `path` (relative to /api/v1), or the methods the path does allow. */
export function findRoute(
  method: string,
  path: string,
): { name: RouteName; def: RouteDef; params: Record<string, string> } | { allowed: string[] } {
  const allowed: string[] = [];
  for (const [name, def] of entries) {
    const params = matchPath(def.path, path);
    if (!params) continue;
    if (def.method === method) return { name, def, params };
    allowed.push(def.method);
  }
  return { allowed };
}

function validate<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new HttpError(400, `The ${where} is not valid.`, {
      errors: describeIssues(result.error),
    });
  }
  return result.data;
}

async function authenticate(
  req: IncomingMessage,
  services: Services,
): Promise<RequestContext['account']> {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const challenge = { 'WWW-Authenticate': 'Bearer realm="karaoke"' };
  if (!match?.[1]) {
    throw new HttpError(401, 'Send the API key as Authorization: Bearer <key>.', {}, challenge);
  }
  const account = await accountForKey(services.db, match[1]);
  if (!account) {
    throw new HttpError(
      401,
      'The API key is not valid.',
      {},
      { 'WWW-Authenticate': 'Bearer realm="karaoke", error="invalid_token"' },
    );
  }
  return account;
}

function queryObject(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of search) out[key] = value;
  return out;
}

export function originOf(req: IncomingMessage): string {
  const proto = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  return `${proto}://${req.headers.host ?? '127.0.0.1'}`;
}

/** Serves one /api/v1 request with the contract's route table; every failure is a problem. */
export async function dispatchApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  services: Services,
  handlers: HandlerTable,
  idempotency: IdempotencyStore,
): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname.slice(API_PREFIX.length) || '/';
  const found = findRoute(method, path);
  if ('allowed' in found) {
    req.resume();
    if (found.allowed.length === 0) throw new HttpError(404, `No endpoint at ${url.pathname}.`);
    throw new HttpError(
      405,
      `${method} is not allowed here.`,
      {},
      { Allow: found.allowed.join(', ') },
    );
  }
  const account = await authenticate(req, services);
  const { name, def, params } = found;
  const query = def.query ? validate(def.query, queryObject(url.searchParams), 'query') : undefined;
  let raw: Buffer = Buffer.alloc(0);
  let body: unknown = undefined;
  if (def.body) {
    raw = await readBody(req, BODY_LIMITS[name] ?? JSON_LIMIT);
    // An empty body is an empty object: the stem-separation body "may be empty".
    body = validate(def.body, parseJsonBody(req, raw) ?? {}, 'body');
  } else {
    req.resume();
  }
  const ctx: RequestContext = { req, account, origin: originOf(req), services };
  const work = async (): Promise<StoredResponse> => {
    const handler = handlers[name] as (
      input: { params: unknown; query: unknown; body: unknown },
      ctx: RequestContext,
    ) => unknown;
    const result = await handler({ params, query, body }, ctx);
    return { status: 200, body: result instanceof RawJson ? result.json : JSON.stringify(result) };
  };
  const key = req.headers['idempotency-key'];
  let response: StoredResponse & { replayed?: boolean };
  if (def.idempotent && typeof key === 'string') {
    const print = fingerprint(method, url.pathname, raw);
    response = await idempotency.run(account.userId, key, print, work);
  } else {
    response = await work();
  }
  const bytes = Buffer.from(response.body, 'utf8');
  res.writeHead(response.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': bytes.length,
    'Cache-Control': 'no-store',
    ...(response.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
  });
  res.end(bytes);
}
