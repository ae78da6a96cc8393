import { useState } from 'react';
import { useStartLyricsSync } from '../../api';
import { StartTaskForm } from './start-task-form';

/** Starts a lyrics sync; the lyrics start as the project's and can be edited first. */
export function LyricsSyncForm({
  projectId,
  initialLyrics,
  onDone,
  onClose,
}: {
  projectId: string;
  initialLyrics: string;
  /** The task was started. */
  onDone: () => void;
  /** Closed without starting one. */
  onClose: () => void;
}) {
  const start = useStartLyricsSync(projectId);
  const [lyrics, setLyrics] = useState(initialLyrics);
  return (
    <StartTaskForm
      label="Lyrics sync"
      start={start}
      notStarted="The sync did not start"
      submitLabel="Start lyrics sync"
      onSubmit={() => start.mutate({ type: 'transcribe', lyrics }, { onSuccess: onDone })}
      onClose={onClose}
    >
      <label>
        Lyrics to sync
        <textarea rows={8} value={lyrics} onChange={(event) => setLyrics(event.target.value)} />
      </label>
      <p className="muted">One line per sung line. Leave empty to let the service transcribe.</p>
    </StartTaskForm>
  );
}
