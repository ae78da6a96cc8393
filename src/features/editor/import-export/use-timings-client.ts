import { useCallback, useEffect, useRef } from 'react';
import { createTimingsClient, type TimingsClient } from './timings-client';

/**
 * The timings worker client: the one given (shared by the toolbar's import and export), else one
 * of this component's own, made on first use and disposed on unmount.
 */
export function useTimingsClient(client?: TimingsClient): () => TimingsClient {
  const own = useRef<TimingsClient | null>(null);
  useEffect(() => () => own.current?.dispose(), []);
  return useCallback(() => client ?? (own.current ??= createTimingsClient()), [client]);
}
