import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from './problem';
import { LargeBodies, WORKER_BODY_BYTES } from './large-bodies';

const bodies = new LargeBodies(() => undefined, 1, 1);
afterAll(() => bodies.close());

describe('LargeBodies', () => {
  it('lets one body in per slot, queues a bounded number and answers 503 beyond', async () => {
    const first = await bodies.acquire();
    let secondIn = false;
    const second = bodies.acquire().then((release) => {
      secondIn = true;
      return release;
    });
    const refused = await bodies.acquire().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(503);
    expect((refused as HttpError).headers['Retry-After']).toBeDefined();
    expect(secondIn).toBe(false);
    first();
    (await second)();
    expect(secondIn).toBe(true);
  });

  it('runs a parser inline when the body is small or names no worker entry', async () => {
    const parser = { parse: (raw: Uint8Array) => raw.length };
    expect(await bodies.parse(parser, Buffer.alloc(10))).toBe(10);
    expect(await bodies.parse(parser, Buffer.alloc(WORKER_BODY_BYTES + 1))).toBe(
      WORKER_BODY_BYTES + 1,
    );
  });
});
