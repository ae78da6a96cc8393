import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type { Account, RouteName, RouteParams, Routes } from '../src/contract';
import type { Db } from './db/database';
import type { ReplayRef } from './http/idempotency';
import type { LargeBodies } from './http/large-bodies';
import type { OriginPolicy } from './http/origin';
import type { RouteBody } from './http/route-body';
import type { FileStore } from './storage/file-store';
import type { LocalFileStore } from './storage/local-files';
import type { TaskQueue } from './tasks/queue';

export type { ReplayRef };

/** What every handler may use, one per service instance: ports, composed in app.ts. */
export interface Services {
  /** The database (SQLite or PostgreSQL). */
  db: Db;
  dataDir: string;
  /** Where file bytes live (local files or S3). */
  files: FileStore;
  /** The local store when files are served by this service (`/files`, `/uploads`). */
  localFiles: LocalFileStore | undefined;
  /** Enqueues tasks (any role may enqueue; only workers run them). */
  tasks: TaskQueue;
  maxUploadBytes: number;
  /** How absolute URLs in responses are built (PUBLIC_URL, TRUST_PROXY). */
  origin: OriginPolicy;
  /** Large request bodies: bounded, parsed off the main thread. */
  largeBodies: LargeBodies;
  log: (line: string) => void;
}

/** One request: the authenticated account and the absolute origin for URLs in responses. */
export interface RequestContext {
  req: IncomingMessage;
  account: Account;
  /** `http://host:port` as the client addressed us (URLs in responses are absolute). */
  origin: string;
  services: Services;
}

/**
 * A response body that is already JSON (a large one is stitched from stored JSON, not
 * re-encoded): one text, or parts written one after the other and never joined.
 */
export class RawJson {
  constructor(
    readonly json: string | readonly (string | Buffer)[],
    readonly replay?: ReplayRef,
  ) {}
}

type BodyOf<N extends RouteName> = Routes[N] extends { body: z.ZodType }
  ? z.output<Routes[N]['body']>
  : undefined;
type QueryOf<N extends RouteName> = Routes[N] extends { query: z.ZodType }
  ? z.output<Routes[N]['query']>
  : undefined;

/** What a handler returns: the response schema's input (defaults may be left out). */
export type ResponseOf<N extends RouteName> = z.input<Routes[N]['response']>;

export interface HandlerInput<N extends RouteName, Body = BodyOf<N>> {
  params: RouteParams<N>;
  query: QueryOf<N>;
  body: Body;
}

export type Handler<N extends RouteName, Body = BodyOf<N>> = (
  input: HandlerInput<N, Body>,
  ctx: RequestContext,
) => ResponseOf<N> | RawJson | Promise<ResponseOf<N> | RawJson>;

/**
 * A route that declares more than its handler, as a Fastify route declares its options: its own
 * body reader (size limit, parser, worker; the handler gets the reader's body instead of the
 * contract schema's output) and how an Idempotency-Key replay rebuilds its answer.
 */
export interface RouteDeclaration<N extends RouteName, Outcome, Body> {
  body: RouteBody<Outcome, Body>;
  handle: Handler<N, Body>;
  /** Rebuilds a replayed answer from the ReplayRef that `handle` returned with its RawJson. */
  replay?: (ref: ReplayRef, ctx: RequestContext) => Promise<RawJson>;
}

/** A RouteDeclaration as the router holds it (its body's type is the route's own business). */
export interface DeclaredRoute<N extends RouteName> {
  readonly body: RouteBody<unknown, unknown>;
  readonly handle: Handler<N, unknown>;
  readonly replay?: ((ref: ReplayRef, ctx: RequestContext) => Promise<RawJson>) | undefined;
}

/** Declares route `name` with its own body reader (and replay); the handler's body is typed by it. */
export function declareRoute<N extends RouteName, Outcome, Body>(
  _name: N,
  route: RouteDeclaration<N, Outcome, Body>,
): DeclaredRoute<N> {
  // The reader and the handler agree on Body (checked above); the router only passes it along.
  return route as unknown as DeclaredRoute<N>;
}

/** One entry per route name of the contract: a handler, or a declared route. */
export type HandlerTable = { [N in RouteName]: Handler<N> | DeclaredRoute<N> };
