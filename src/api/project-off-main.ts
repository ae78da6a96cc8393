import type { AlignmentColumns } from '../contract/item-columns';
import { callWorker, tryWorker, type WorkerPort } from './worker-call';

/**
 * GET a project in a Web Worker, which also reads its JSON and takes each alignment's items out
 * as columns (`item-columns.ts`): the page's main thread no longer reads 10 MB of response,
 * parses it nor checks 100,000 items between the data and the first input (issue 24: that was
 * ~40 % of the editor's load); it builds the items from the columns and parses the rest with
 * the project's schema. Used by `ApiClient` for `getProject` where a worker can start; where
 * none starts, or its fetch fails (a network fault), the client fetches on the page as before.
 */
export interface OffMainRequest {
  /** Absolute: a worker resolves relative URLs against its own script. */
  url: string;
  headers: Record<string, string>;
  /** The page's `performance.timeOrigin`, to report the response's end on the page's clock. */
  pageOrigin: number;
}

export type OffMainReply =
  | {
      status: number;
      statusText: string;
      etag: string | null;
      /** When the response ended, on the page's clock (null: no resource timing). */
      responseEnd: number | null;
      /** The parsed JSON (the text when it is not JSON), the columnised items' lists emptied. */
      payload: unknown;
      columns: AlignmentColumns[];
    }
  | { error: string };

export type OffMainAnswer = Extract<OffMainReply, { status: number }>;

/** The parts of a Worker used here. */
export type OffMainWorker = WorkerPort<OffMainRequest, OffMainReply>;

/** Reads a project off the main thread: null when it could not (the caller fetches itself). */
export type ProjectReader = (
  url: string,
  init: { headers: Record<string, string>; signal?: AbortSignal },
) => Promise<OffMainAnswer | null>;

const newWorker = (): OffMainWorker =>
  new Worker(new URL('./project-worker.ts', import.meta.url), {
    type: 'module',
    name: 'project reader',
  }) as unknown as OffMainWorker;

/** The reader for this page: a worker per request, or null where there are no workers. */
export function workerProjectReader(create: () => OffMainWorker = newWorker): ProjectReader {
  return async (url, { headers, signal }) => {
    const worker = tryWorker(create);
    if (!worker) return null;
    const request = { url, headers, pageOrigin: performance.timeOrigin };
    try {
      const data = await callWorker(worker, request, [], {
        ...(signal ? { signal } : {}),
        failed: 'The project reader failed.',
      });
      return data && !('error' in data) ? data : null;
    } catch (error) {
      // An abort is the caller's; a worker that fails: the page fetches instead.
      if (signal?.aborted) throw error;
      return null;
    }
  };
}

/**
 * Marks when the project's response ended on the page's timeline (User Timing): the page's own
 * Resource Timing does not see a worker's fetch (the editor bench reads this mark).
 */
export function markResponseEnd(answer: OffMainAnswer, url: string): void {
  if (answer.responseEnd === null || typeof performance.mark !== 'function') return;
  try {
    performance.mark('project-response-end', {
      startTime: Math.max(0, answer.responseEnd),
      detail: { url },
    });
  } catch {
    // a timeline that refuses marks: nothing to say
  }
}
