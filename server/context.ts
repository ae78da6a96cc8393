import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type { Account, RouteName, RouteParams, Routes } from '../src/contract';
import type { Db } from './db/database';
import type { LargeBodies } from './http/large-bodies';
import type { OriginPolicy } from './http/origin';
import type { PreparedReplacement } from './routes/alignment-body';
import type { FileStore } from './storage/file-store';
import type { LocalFileStore } from './storage/local-files';
import type { TaskQueue } from './tasks/queue';

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
 * What an idempotent replay needs instead of the whole response (docs/adr/0005, 0010): the route
 * rebuilds the answer from it. Only alignment replacements use one (their answers are megabytes).
 */
export interface ReplayRef {
  kind: 'alignment';
  projectId: string;
  alignmentId: string;
  revision: string;
}

/**
 * A response body that is already JSON (large alignments are stitched, not re-encoded): one text,
 * or parts written one after the other and never joined.
 */
export class RawJson {
  constructor(
    readonly json: string | readonly (string | Buffer)[],
    readonly replay?: ReplayRef,
  ) {}
}

/** Bodies that reach their handler prepared, not as the schema's output. */
interface PreparedBodies {
  replaceAlignment: PreparedReplacement;
}

type BodyOf<N extends RouteName> = N extends keyof PreparedBodies
  ? PreparedBodies[N]
  : Routes[N] extends { body: z.ZodType }
    ? z.output<Routes[N]['body']>
    : undefined;
type QueryOf<N extends RouteName> = Routes[N] extends { query: z.ZodType }
  ? z.output<Routes[N]['query']>
  : undefined;

/** What a handler returns: the response schema's input (defaults may be left out). */
export type ResponseOf<N extends RouteName> = z.input<Routes[N]['response']>;

export interface HandlerInput<N extends RouteName> {
  params: RouteParams<N>;
  query: QueryOf<N>;
  body: BodyOf<N>;
}

export type Handler<N extends RouteName> = (
  input: HandlerInput<N>,
  ctx: RequestContext,
) => ResponseOf<N> | RawJson | Promise<ResponseOf<N> | RawJson>;

export type HandlerTable = { [N in RouteName]: Handler<N> };
