import { useEffect, useState } from 'react';
import type { Alignment } from '../../../contract';
import type { DraftScope } from '../drafts';
import { openEditorSession, type EditorSession } from './editor-sessions';

type SessionState =
  | { phase: 'opening'; key: string }
  | { phase: 'open'; key: string; session: EditorSession }
  | { phase: 'failed'; key: string; error: unknown };

/** Opens (or reopens) the store of one alignment, restoring or merging its draft first. */
export function useEditorSession(
  scope: DraftScope,
  alignment: Alignment,
  duration: number | undefined,
): SessionState {
  const key = `${scope.serviceUrl}|${scope.accountId}|${scope.projectId}|${scope.alignmentId}`;
  const [state, setState] = useState<SessionState>({ phase: 'opening', key });
  useEffect(() => {
    let cancelled = false;
    openEditorSession(scope, alignment, duration).then(
      (session) => !cancelled && setState({ phase: 'open', key, session }),
      (error: unknown) => !cancelled && setState({ phase: 'failed', key, error }),
    );
    return () => {
      cancelled = true;
    };
    // The session is per alignment: a newer server copy of it must not reopen the store.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state : { phase: 'opening', key };
}
