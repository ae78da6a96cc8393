import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiClient, ApiClientProvider, queryKeys } from '../api';
import type { Account } from '../contract';
import { ConnectScreen } from './connect-screen';
import {
  clearSession,
  defaultBaseUrl,
  loadSession,
  saveSession,
  takeKeyFromHash,
  type Session,
} from './session';
import { SessionContext, type SessionValue } from '../api/session-context';
import { announceSignOut, requestSession, serveSession } from './session-handoff';
import { verifySession, type VerifyResult } from './verify-session';

type State =
  | { phase: 'checking' }
  | { phase: 'signed-in'; session: Session; account: Account }
  | { phase: 'signed-out'; initial?: Partial<Session>; error: string | null; busy: boolean };

/** The #key= link, a stored session, or else 'ask': another open tab may hand its session over. */
function startingSession(): Session | 'ask' {
  const hashKey = takeKeyFromHash();
  if (hashKey) return { baseUrl: defaultBaseUrl(), apiKey: hashKey, remember: false };
  return loadSession() ?? 'ask';
}

/** Shows the connect screen until a key is accepted, then provides the client and session. */
export function AuthGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Read once: the #key= link or a stored session is checked before anything renders.
  const [pending] = useState(startingSession);
  const [state, setState] = useState<State>({ phase: 'checking' });

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
  const client = useMemo(
    () => (session ? new ApiClient({ baseUrl: session.baseUrl, apiKey: session.apiKey }) : null),
    [session],
  );
  const value = useMemo<SessionValue | null>(
    () =>
      state.phase === 'signed-in'
        ? { session: state.session, account: state.account, signOut }
        : null,
    [state, signOut],
  );

  if (state.phase === 'checking')
    return (
      <p className="page-status" role="status">
        Connecting…
      </p>
    );
  if (state.phase === 'signed-out' || !client || !value)
    return (
      <ConnectScreen
        initial={state.phase === 'signed-out' ? state.initial : undefined}
        error={state.phase === 'signed-out' ? state.error : null}
        busy={state.phase === 'signed-out' && state.busy}
        onConnect={(s) => {
          setState({ phase: 'signed-out', initial: s, error: null, busy: true });
          void connect(s);
        }}
      />
    );
  return (
    <SessionContext value={value}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </SessionContext>
  );
}
