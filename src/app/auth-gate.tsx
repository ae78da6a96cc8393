import { useMemo, type ReactNode } from 'react';
import { ApiClient, ApiClientProvider } from '../api';
import { SessionContext, type SessionValue } from '../api/session-context';
import { ConnectScreen } from './connect-screen';
import { useAuthSession } from './use-auth-session';

/** Shows the connect screen until a key is accepted, then provides the client and session. */
export function AuthGate({ children }: { children: ReactNode }) {
  const { state, signIn, signOut } = useAuthSession();
  const session = state.phase === 'signed-in' ? state.session : null;
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
        onConnect={signIn}
      />
    );
  return (
    <SessionContext value={value}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </SessionContext>
  );
}
