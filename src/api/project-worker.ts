/// Web Worker: GET a project and read its JSON off the page's main thread (project-off-main.ts).
/// One worker serves every request of the page; each reply carries its request's id.
import { columnBuffers, takeItemColumns } from '../contract/item-columns';
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
  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text) as unknown;
    } catch {
      payload = text;
    }
  }
  const columns = response.ok ? takeItemColumns(payload) : [];
  scope.postMessage(
    { ...base, payload, columns },
    columns.flatMap((c) => columnBuffers(c.columns)),
  );
}

scope.onmessage = ({ data }) => {
  if ('cancel' in data) running.get(data.cancel)?.abort();
  else void answer(data);
};
scope.postMessage({ ready: true });
