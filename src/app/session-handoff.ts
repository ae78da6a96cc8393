import type { Session } from './session';

/**
 * One signed-in browser session across the tabs of this origin, without storing the key anywhere
 * new (ADR 0013). A tab that opens with no key asks the open tabs over a BroadcastChannel (same
 * origin only, never leaves the browser); a signed-in tab answers with its session, which the new
 * tab checks (GET /me) and keeps in its own sessionStorage. Signing out in one tab signs out all.
 * The key never goes through the URL, localStorage (unless "remember" was ticked) or the server.
 */
const CHANNEL = 'karaoke.session';
/** How long a new tab waits for an open tab to answer before showing the connect screen. */
export const HANDOFF_WAIT_MS = 400;

type Message =
  | { type: 'request'; nonce: string }
  | { type: 'offer'; nonce: string; session: Session }
  | { type: 'signed-out' };

const open = (): BroadcastChannel | null =>
  typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;

const isSession = (value: unknown): value is Session => {
  const s = value as Partial<Session> | null;
  return typeof s?.baseUrl === 'string' && typeof s.apiKey === 'string' && s.apiKey !== '';
};

/** Asks the other tabs for their session; null when none answers in time. */
export function requestSession(waitMs = HANDOFF_WAIT_MS): Promise<Session | null> {
  const channel = open();
  if (!channel) return Promise.resolve(null);
  const nonce = crypto.randomUUID();
  return new Promise((resolve) => {
    const done = (session: Session | null) => {
      clearTimeout(timer);
      channel.close();
      resolve(session);
    };
    const timer = setTimeout(() => done(null), waitMs);
    channel.onmessage = (event: MessageEvent<Message>) => {
      const message = event.data;
      if (message.type === 'offer' && message.nonce === nonce && isSession(message.session))
        done({ ...message.session, remember: false });
    };
    channel.postMessage({ type: 'request', nonce } satisfies Message);
  });
}

/**
 * While signed in: answers other tabs' requests with `session`, and calls `onSignedOut` when
 * another tab signs out. Returns the stop function.
 */
export function serveSession(session: Session, onSignedOut: () => void): () => void {
  const channel = open();
  if (!channel) return () => {};
  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message.type === 'request')
      channel.postMessage({ type: 'offer', nonce: message.nonce, session } satisfies Message);
    else if (message.type === 'signed-out') onSignedOut();
  };
  return () => channel.close();
}

/** Tells the other tabs this browser session signed out. */
export function announceSignOut(): void {
  const channel = open();
  if (!channel) return;
  channel.postMessage({ type: 'signed-out' } satisfies Message);
  channel.close();
}
