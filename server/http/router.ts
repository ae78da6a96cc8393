import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import {
  describeIssues,
  matchPath,
  routes,
  type RouteDef,
  type RouteName,
} from '../../src/contract';
import {
  type DeclaredRoute,
  type Handler,
  type HandlerTable,
  RawJson,
  type ReplayRef,
  type RequestContext,
  type Services,
} from '../context';
import { accountForKey } from '../db/accounts';
import { parseJsonBody, readBody } from './body';
import { fingerprintHash, type IdempotencyStore, type StoredResponse } from './idempotency';
import type { AuthLimiter } from './auth-limit';
import { originOf } from './origin';
import { HttpError } from './problem';
import { readRouteBody } from './route-body';

export const API_PREFIX = '/api/v1';
const JSON_LIMIT = 1024 * 1024;

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

/** 400 for a bad query; 422 for a well-formed JSON body that breaks the rules (api-decisions). */
function validate<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: 'query' | 'body',
): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new HttpError(where === 'body' ? 422 : 400, `The ${where} is not valid.`, {
      errors: describeIssues(result.error),
    });
  }
  return result.data;
}

/** A strong validator of an answer's bytes (api-decisions, conditional GET). */
function entityTag(parts: readonly Buffer[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return `"${hash.digest('base64url')}"`;
}

/** If-None-Match (a list of tags, weak comparison, or `*`) names the answer's current tag. */
export function matchesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || bare(t) === tag);
}

/**
 * Writes a JSON answer; parts are written one after the other, never joined. A GET's 200 carries
 * an ETag; when the request's If-None-Match names it the answer is 304 without a body, so a client
 * that polls a project (the editor's revision check) does not download its items again.
 */
function writeJson(
  res: ServerResponse,
  response: StoredResponse & { replayed?: boolean },
  head: boolean,
  conditional: { ifNoneMatch: string | undefined } | null,
): void {
  const parts = typeof response.body === 'string' ? [response.body] : response.body;
  const bytes = parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part));
  const tag = conditional && response.status === 200 ? entityTag(bytes) : null;
  if (tag && matchesTag(conditional?.ifNoneMatch, tag)) {
    res.writeHead(304, { ETag: tag, 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  res.writeHead(response.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': bytes.reduce((sum, part) => sum + part.length, 0),
    'Cache-Control': 'no-store',
    ...(tag ? { ETag: tag } : {}),
    ...(response.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
  });
  if (!head) for (const part of bytes) res.write(part);
  res.end();
}

async function authenticate(
  req: IncomingMessage,
  services: Services,
  limiter: AuthLimiter,
): Promise<RequestContext['account']> {
  const header = req.headers.authorization ?? '';
  const key = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const account = key ? await accountForKey(services.db, key) : undefined;
  if (account) return account;
  const wait = limiter.failed(limiter.clientOf(req));
  if (wait > 0) {
    throw new HttpError(
      429,
      `Too many failed authentications from this client; try again in ${wait} s.`,
      {},
      { 'Retry-After': String(wait) },
    );
  }
  if (!key) {
    throw new HttpError(
      401,
      'Send the API key as Authorization: Bearer <key>.',
      {},
      {
        'WWW-Authenticate': 'Bearer realm="karaoke"',
      },
    );
  }
  throw new HttpError(
    401,
    'The API key is not valid.',
    {},
    { 'WWW-Authenticate': 'Bearer realm="karaoke", error="invalid_token"' },
  );
}

function queryObject(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of search) out[key] = value;
  return out;
}

/** Serves one /api/v1 request with the contract's route table; every failure is a problem. */
export async function dispatchApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  services: Services,
  handlers: HandlerTable,
  idempotency: IdempotencyStore,
  limiter: AuthLimiter,
): Promise<void> {
  // HEAD answers like GET without the body (RFC 9110).
  const head = req.method === 'HEAD';
  const method = head ? 'GET' : (req.method ?? 'GET');
  const path = url.pathname.slice(API_PREFIX.length) || '/';
  const found = findRoute(method, path);
  if ('allowed' in found) {
    req.resume();
    if (found.allowed.length === 0) throw new HttpError(404, `No endpoint at ${url.pathname}.`);
    const allowed = found.allowed.includes('GET') ? [...found.allowed, 'HEAD'] : found.allowed;
    throw new HttpError(
      405,
      `${req.method} is not allowed here.`,
      {},
      { Allow: allowed.join(', ') },
    );
  }
  const account = await authenticate(req, services, limiter);
  const { name, def, params } = found;
  const query = def.query ? validate(def.query, queryObject(url.searchParams), 'query') : undefined;
  const hash = fingerprintHash(method, url.pathname);
  const entry = handlers[name] as Handler<RouteName, unknown> | DeclaredRoute<RouteName>;
  const declared = typeof entry === 'function' ? undefined : entry;
  const handler = typeof entry === 'function' ? entry : entry.handle;
  let body: unknown = undefined;
  let release = () => undefined as void;
  if (declared) {
    // The route reads its own body (limit, parser, worker: see RouteBody).
    ({ body, release } = await readRouteBody(req, declared.body, services.largeBodies, hash));
  } else if (def.body) {
    const raw = await readBody(req, JSON_LIMIT, hash);
    // Only an empty body stands for {} (the stem-separation body "may be empty"); `null` does not.
    const parsed = parseJsonBody(req, raw);
    body = validate(def.body, raw.length === 0 ? {} : parsed, 'body');
  } else {
    req.resume();
  }
  try {
    const ctx: RequestContext = { req, account, origin: originOf(req, services.origin), services };
    const answer = (result: unknown): StoredResponse =>
      result instanceof RawJson
        ? { status: 200, body: result.json, ...(result.replay ? { replay: result.replay } : {}) }
        : { status: 200, body: JSON.stringify(result) };
    const work = async (): Promise<StoredResponse> =>
      answer(await handler({ params, query, body } as Parameters<typeof handler>[0], ctx));
    const replay = async (ref: ReplayRef): Promise<StoredResponse> => {
      if (!declared?.replay) throw new Error(`${name} cannot rebuild a replayed answer.`);
      return answer(await declared.replay(ref, ctx));
    };
    const key = req.headers['idempotency-key'];
    let response: StoredResponse & { replayed?: boolean };
    if (def.idempotent && typeof key === 'string') {
      const print = hash.digest('hex');
      response = await idempotency.run(account.userId, key, print, work, replay);
    } else {
      response = await work();
    }
    const ifNoneMatch = req.headers['if-none-match'];
    writeJson(res, response, head, method === 'GET' ? { ifNoneMatch } : null);
  } finally {
    release();
  }
}
