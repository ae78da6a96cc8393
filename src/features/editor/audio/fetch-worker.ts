/// Web Worker: GET a file into an ArrayBuffer off the main thread (see fetch-off-main.ts).

export interface FetchRequest {
  /** Absolute: a worker resolves relative URLs against its own script. */
  url: string;
}

export type FetchReply = { status: number; data?: ArrayBuffer } | { error: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<FetchRequest>) => void) | null;
  postMessage(message: FetchReply | { ready: true }, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

async function answer(url: string): Promise<void> {
  try {
    const response = await fetch(url);
    if (!response.ok) {
      scope.postMessage({ status: response.status });
      return;
    }
    const data = await response.arrayBuffer();
    scope.postMessage({ status: response.status, data }, [data]);
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}

scope.onmessage = (event) => void answer(event.data.url);
scope.postMessage({ ready: true });
