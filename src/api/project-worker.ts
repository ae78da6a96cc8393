/// Web Worker: GET a project and read its JSON off the page's main thread (project-off-main.ts).
import { columnBuffers, takeItemColumns } from '../contract/item-columns';
import type { OffMainReply, OffMainRequest } from './project-off-main';

interface WorkerScope {
  onmessage: ((event: MessageEvent<OffMainRequest>) => void) | null;
  postMessage(message: OffMainReply | { ready: true }, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

/** When the response's last byte came, on the page's clock (its `timeOrigin` is not ours). */
function responseEnd(url: string, pageOrigin: number): number | null {
  const entries = performance.getEntriesByName(url, 'resource') as PerformanceResourceTiming[];
  const entry = entries.at(-1);
  return entry ? entry.responseEnd + performance.timeOrigin - pageOrigin : null;
}

async function answer({ url, headers, pageOrigin }: OffMainRequest): Promise<void> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { headers });
    text = await response.text();
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
    return;
  }
  const base = {
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

scope.onmessage = (event) => void answer(event.data);
scope.postMessage({ ready: true });
