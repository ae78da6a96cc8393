import { ApiError, NetworkError } from './errors';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** Bytes per second over the last few seconds. */
  bytesPerSecond: number;
  /** Seconds left at the current speed, when known. */
  secondsLeft: number | null;
}

export interface UploadOptions {
  contentType: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * PUTs a file to a presigned upload address. XMLHttpRequest, because fetch reports no upload
 * progress. No Authorization header: the address carries its own signature.
 */
export function uploadFile(url: string, file: Blob, options: UploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason as Error);
    const xhr = new XMLHttpRequest();
    const samples: { t: number; loaded: number }[] = [];
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', options.contentType);
    xhr.upload.onprogress = (event) => {
      const now = performance.now();
      samples.push({ t: now, loaded: event.loaded });
      while (samples.length > 2 && now - (samples[0]?.t ?? now) > 3000) samples.shift();
      const first = samples[0];
      const seconds = first ? (now - first.t) / 1000 : 0;
      const bytesPerSecond = seconds > 0 && first ? (event.loaded - first.loaded) / seconds : 0;
      const total = event.lengthComputable ? event.total : file.size;
      options.onProgress?.({
        loaded: event.loaded,
        total,
        bytesPerSecond,
        secondsLeft: bytesPerSecond > 0 ? (total - event.loaded) / bytesPerSecond : null,
      });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let title = `Upload failed (HTTP ${xhr.status})`;
      let detail: string | undefined;
      try {
        const body = JSON.parse(xhr.responseText) as { title?: string; detail?: string };
        title = body.title ?? title;
        detail = body.detail;
      } catch {
        // not problem details
      }
      reject(new ApiError(xhr.status, { type: 'about:blank', title, status: xhr.status, detail }));
    };
    xhr.onerror = () => reject(new NetworkError(new URL(url, location.href).origin));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
