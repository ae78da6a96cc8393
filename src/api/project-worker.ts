/// Web Worker: GET a project and read its JSON off the page's main thread (project-off-main.ts).
/// One worker serves every request of the page; each reply carries its request's id.
import { columnBuffers, sampleItems } from '../contract/item-columns';
import { readProjectJson, readProjectText } from '../contract/item-scan';
import type { OffMainMessage, OffMainPost, OffMainRequest } from './project-off-main';

interface WorkerScope {
  onmessage: ((event: MessageEvent<OffMainMessage>) => void) | null;
  postMessage(message: OffMainPost, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
/** The fetches running, by request id (a cancel aborts one). */
const running = new Map<number, AbortController>();

/** When the response's last byte came, on the page's clock (its `timeOrigin` is not ours). */
function responseEnd(url: string, pageOrigin: number): number | null {
  const entries = performance.getEntriesByName(url, 'resource') as PerformanceResourceTiming[];
  const entry = entries.at(-1);
  // One worker reads every GET: its resource buffer must not fill up (250 entries by default).
  if (running.size === 0) performance.clearResourceTimings();
  return entry ? entry.responseEnd + performance.timeOrigin - pageOrigin : null;
}

async function answer({ id, url, headers, pageOrigin }: OffMainRequest): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { headers, signal: controller.signal });
    text = await response.text();
  } catch (error) {
    running.delete(id);
    if (controller.signal.aborted) return; // the page no longer waits
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    return;
  }
  running.delete(id);
  const base = {
    id,
    status: response.status,
    statusText: response.statusText,
    etag: response.headers.get('ETag'),
    responseEnd: responseEnd(url, pageOrigin),
  };
  // A success's plain item lists are scanned from the text straight into columns (no 100,000
  // objects parsed only to be read and dropped); anything else is JSON.parse's.
  const { payload, columns } = response.ok
    ? readProjectText(text)
    : { payload: readProjectJson(text).payload, columns: [] };
  scope.postMessage(
    { ...base, payload, columns },
    columns.flatMap((c) => columnBuffers(c.columns)),
  );
}

/**
 * Warms the reading code up while the worker waits for its first request (it is started before
 * the page asks): a few rounds over a small made-up project, one task each. Run cold, the scan of
 * 100,000 items starts in the interpreter: ~100 -> ~60 ms of CPU (node, fresh processes, 2,000
 * items x 3-4 rounds before; `sampleItems`).
 */
const WARM_ROUNDS = 4;
let warmText: string | undefined;
function warmUp(round: number): void {
  // also while a first request's fetch runs (the service takes a while to answer 10 MB): a
  // round is a few ms, the most the response's reading can wait for it
  if (round >= WARM_ROUNDS) return;
  warmText ??= JSON.stringify({
    id: 'warm',
    alignments: [{ alignment: { items: sampleItems(2000) } }],
  });
  readProjectText(warmText);
  setTimeout(() => warmUp(round + 1), 0);
}

scope.onmessage = ({ data }) => {
  if ('cancel' in data) running.get(data.cancel)?.abort();
  else void answer(data);
};
scope.postMessage({ ready: true });
setTimeout(() => warmUp(0), 0);
