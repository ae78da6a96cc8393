import type { Hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { checkJsonHeaders, declaredLength, discardBody, readBody, tooLarge } from './body';
import { WORKER_BODY_BYTES, type BodyParse, type LargeBodies } from './large-bodies';

/**
 * A route's own JSON body reader, declared beside its handler (as a Fastify route declares its
 * body limit and parser) for a body that the contract's parse-and-check in one pass does not suit:
 * one too large for the main thread (docs/adr/0010). The router reads the bytes; the route says
 * how many it takes, how they become its handler's body, and where that runs.
 */
export interface RouteBody<Outcome, Body> {
  /** Most bytes accepted: 413 beyond (from Content-Length before anything is read). */
  limit: number;
  /** The bytes as an outcome: parsed, checked, prepared. Runs inline or in `worker`. */
  parse: BodyParse<Outcome>;
  /** A worker entry that serves `parse` (`serveBodyParser`): large bodies are parsed there. */
  worker?: URL;
  /** The outcome as the handler's body, or throws the problem it stands for. */
  accept: (outcome: Outcome) => Body;
}

/**
 * Reads a body with its route's reader: a large one (or one of unknown length) takes one of the
 * service's large-body slots, waiting or 503, and holds it until the caller releases it (after
 * the handler). Returns the handler's body and that release.
 */
export async function readRouteBody<Outcome, Body>(
  req: IncomingMessage,
  reader: RouteBody<Outcome, Body>,
  bodies: LargeBodies,
  hash: Hash,
): Promise<{ body: Body; release: () => void }> {
  const length = declaredLength(req);
  if (length !== undefined && length > reader.limit) {
    discardBody(req);
    throw tooLarge(reader.limit);
  }
  const large = length === undefined || length >= WORKER_BODY_BYTES;
  let release = () => undefined as void;
  if (large) {
    try {
      release = await bodies.acquire();
    } catch (error) {
      discardBody(req);
      throw error;
    }
  }
  try {
    const raw = await readBody(req, reader.limit, hash);
    checkJsonHeaders(req, raw.length);
    const body = reader.accept(await bodies.parse(reader, raw));
    return { body, release };
  } catch (error) {
    release();
    throw error;
  }
}
