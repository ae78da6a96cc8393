import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { projectQuery, projectTasksQuery, useApiClient } from '../../api';
import { useSession } from '../../api/session-context';
import { EmptyState } from '../../components/empty-state';
import { ErrorNotice } from '../../components/error-notice';
import { projectFailure } from '../projects/project-failure';
import { Loading } from '../../components/loading';
import { useEditorSession } from './page/use-editor-session';
import { prewarmDraftDb } from './page/editor-sessions';
import { EditorWorkspace } from './page/editor-workspace';
import { REVISION_POLL_MS } from './page/freshness';
import type { Alignment, Project } from '../../contract';
import './editor.css';

/** How often the editor looks for tasks of this project started elsewhere (another tab, a tool). */
const TASK_DISCOVERY_MS = 10_000;

/** `/projects/:projectId?alignment=<id>`: the timing editor of one alignment. */
export function EditorPage() {
  const { projectId = '' } = useParams();
  const client = useApiClient();
  // Another tab or person may save this alignment: ask again on focus and visibility, and every
  // REVISION_POLL_MS while the tab is visible. Conditional requests (ETag): an unchanged project
  // costs no download; a changed one shows "A newer version was saved" (editor-workspace).
  const project = useQuery({
    ...projectQuery(client, projectId),
    refetchOnWindowFocus: 'always',
    refetchInterval: REVISION_POLL_MS,
    refetchIntervalInBackground: false,
  });
  // A lyrics sync that ends while the page is open refreshes the project: its new alignment joins
  // the picker; open drafts are not touched. The list is only for discovery: a running task it
  // finds is handed to the task watch (RunningTasksIndicator), which polls that task alone and
  // refreshes the project when it ends, so the list itself never polls faster.
  // A project whose audio could not be read gets no task: the page stops looking (and the project
  // page says why, with the next step).
  const failed = project.data ? projectFailure(project.data) !== null : false;
  useQuery({
    ...projectTasksQuery(client, projectId),
    refetchInterval: failed ? false : TASK_DISCOVERY_MS,
  });
  // While the project loads, the drafts database opens (a round trip less after the data).
  const waiting = project.isPending;
  useEffect(() => {
    if (waiting) prewarmDraftDb();
  }, [waiting]);
  const [params, setParams] = useSearchParams();
  // Switching alignments remounts the workspace: focus goes back to the picker, not the page top.
  const [switched, setSwitched] = useState(false);

  if (project.isPending) return <Loading label="Loading the project…" />;
  if (project.isError)
    return (
      <main className="page">
        <ErrorNotice
          error={project.error}
          onRetry={() => void project.refetch()}
          action="Could not open the project"
        />
      </main>
    );
  const alignments = project.data.alignments;
  if (alignments.length === 0 && failed)
    return (
      <main className="page">
        <EmptyState title="Nothing to edit">
          <p>
            Editing needs a lyric timing, and a lyrics sync needs the song&apos;s audio, which this
            project does not have (see above).
          </p>
        </EmptyState>
      </main>
    );
  if (alignments.length === 0)
    return (
      <main className="page">
        <EmptyState title="No lyric timing yet">
          <p>This project has no alignment to edit. Sync its lyrics to make one.</p>
          <Link className="button primary" to={`/projects/${projectId}/tasks`}>
            Start a lyrics sync
          </Link>
        </EmptyState>
      </main>
    );
  const wanted = params.get('alignment');
  const alignment =
    alignments.find((a) => a.id === wanted) ?? alignments.find((a) => a.selected) ?? alignments[0];
  if (!alignment) return null;
  return (
    <>
      {wanted && wanted !== alignment.id && (
        <p className="notice notice-warn page-notice" role="alert">
          That alignment is not in this project; showing the active one.
        </p>
      )}
      <OpenAlignment
        key={alignment.id}
        project={project.data}
        alignment={alignment}
        onSwitch={(id) => {
          setSwitched(true);
          setParams({ alignment: id });
        }}
        focusPicker={switched}
      />
    </>
  );
}

function OpenAlignment({
  project,
  alignment,
  onSwitch,
  focusPicker,
}: {
  project: Project;
  alignment: Alignment;
  onSwitch: (id: string) => void;
  focusPicker: boolean;
}) {
  const { session, account } = useSession();
  const scope = {
    serviceUrl: session.baseUrl,
    accountId: account.userId,
    projectId: project.id,
    alignmentId: alignment.id,
  };
  const state = useEditorSession(scope, alignment, project.duration ?? undefined);
  if (state.phase === 'opening') return <Loading label="Opening the alignment…" />;
  if (state.phase === 'failed')
    return (
      <main className="page">
        <ErrorNotice error={state.error} action="Could not open the alignment" />
      </main>
    );
  return (
    <EditorWorkspace
      project={project}
      alignment={alignment}
      session={state.session}
      onSwitch={onSwitch}
      focusPicker={focusPicker}
    />
  );
}
