/** Where the API key lives: sessionStorage, or localStorage when "remember on this device". */
import type { Session } from '../api/session-context';

export type { Session };

const STORAGE_KEY = 'karaoke.session';

export const defaultBaseUrl = (): string => `${window.location.origin}/api/v1`;

function parse(text: string | null): Session | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Session>;
    if (typeof value.baseUrl === 'string' && typeof value.apiKey === 'string' && value.apiKey)
      return { baseUrl: value.baseUrl, apiKey: value.apiKey, remember: value.remember === true };
  } catch {
    // a damaged entry is the same as none
  }
  return null;
}

export function loadSession(): Session | null {
  return (
    parse(sessionStorage.getItem(STORAGE_KEY)) ?? parse(localStorage.getItem(STORAGE_KEY)) ?? null
  );
}

export function saveSession(session: Session): void {
  clearSession();
  (session.remember ? localStorage : sessionStorage).setItem(STORAGE_KEY, JSON.stringify(session));
}

export function clearSession(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  localStorage.removeItem(STORAGE_KEY);
}

/**
 * Takes `#key=<key>` out of the address (and out of history) and returns it. The one-click link
 * the local service prints uses it.
 */
export function takeKeyFromHash(): string | null {
  const match = /(?:^#|&)key=([^&]+)/.exec(window.location.hash);
  if (!match?.[1]) return null;
  const rest = window.location.hash
    .slice(1)
    .split('&')
    .filter((part) => !part.startsWith('key='))
    .join('&');
  const url = window.location.pathname + window.location.search + (rest ? `#${rest}` : '');
  window.history.replaceState(window.history.state, '', url);
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}
