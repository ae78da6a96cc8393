import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { queryKeys } from '../api';
import type { Account } from '../contract';
import {
  clearSession,
  defaultBaseUrl,
  loadSession,
  saveSession,
  takeKeyFromHash,
  type Session,
} from './session';
import { announceSignOut, requestSession, serveSession } from './session-handoff';
import { verifySession, type VerifyResult } from './verify-session';

export type AuthState =
  | { phase: 'checking' }
  | { phase: 'signed-in'; session: Session; account: Account }
  | { phase: 'signed-out'; initial?: Partial<Session>; error: string | null; busy: boolean };

/** The #key= link, a stored session, or else 'ask': another open tab may hand its session over. */
function startingSession(): Session | 'ask' {
  const hashKey = takeKeyFromHash();
  if (hashKey) return { baseUrl: defaultBaseUrl(), apiKey: hashKey, remember: false };
  return loadSession() ?? 'ask';
}

/**
 * The sign-in state of this tab: checks the starting session once, connects with a typed one,
 * signs out (this tab, or every tab), hands the session to new tabs while signed in and follows
 * a sign-out elsewhere.
 */
export function useAuthSession() {
  const queryClient = useQueryClient();
  // Read once: the #key= link or a stored session is checked before anything renders.
  const [pending] = useState(startingSession);
  const [state, setState] = useState<AuthState>({ phase: 'checking' });

  const apply = useCallback(
    (session: Session, result: VerifyResult) => {
      if (!result.ok) {
        setState({ phase: 'signed-out', initial: session, error: result.message, busy: false });
        return;
      }
      saveSession(session);
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me(), result.account);
      setState({ phase: 'signed-in', session, account: result.account });
    },
    [queryClient],
  );

  const connect = useCallback(
    async (session: Session) => apply(session, await verifySession(session)),
    [apply],
  );

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const session = pending === 'ask' ? await requestSession() : pending;
      if (cancelled) return;
      if (!session) {
        setState({ phase: 'signed-out', error: null, busy: false });
        return;
      }
      const result = await verifySession(session);
      if (!cancelled) apply(session, result);
    })();
    return () => {
      cancelled = true;
    };
  }, [apply, pending]);

  /** Signs this tab out; `everywhere` also tells the other tabs (the user pressed Sign out). */
  const signOutTab = useCallback(
    (everywhere: boolean) => {
      // Dispose the open editor stores and their autosave; the editor chunk loads lazily.
      void import('../features/editor/page/editor-sessions').then((m) =>
        m.closeAllEditorSessions(),
      );
      clearSession();
      if (everywhere) announceSignOut();
      queryClient.clear();
      setState({ phase: 'signed-out', error: null, busy: false });
    },
    [queryClient],
  );
  const signOut = useCallback(() => signOutTab(true), [signOutTab]);

  const session = state.phase === 'signed-in' ? state.session : null;
  // Signed in: hand the session to new tabs of this origin that ask; follow a sign-out elsewhere.
  useEffect(() => {
    if (!session) return;
    return serveSession(session, () => signOutTab(false));
  }, [session, signOutTab]);
  /** The connect screen's key: checked, the screen busy meanwhile. */
  const signIn = useCallback(
    (s: Session) => {
      setState({ phase: 'signed-out', initial: s, error: null, busy: true });
      void connect(s);
    },
    [connect],
  );
  return { state, signIn, signOut };
}
