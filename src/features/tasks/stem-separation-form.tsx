import { useState } from 'react';
import { useStartStemSeparation } from '../../api';
import type { StemModel } from '../../contract';
import { ErrorNotice } from '../../components/error-notice';
import { StemModelSelect } from '../projects/stem-model-select';

export function StemSeparationForm({
  projectId,
  onDone,
}: {
  projectId: string;
  onDone: () => void;
}) {
  const start = useStartStemSeparation(projectId);
  const [model, setModel] = useState<StemModel | ''>('');
  return (
    <form
      className="task-form"
      aria-label="Stem separation"
      onSubmit={(event) => {
        event.preventDefault();
        start.mutate(model || undefined, { onSuccess: onDone });
      }}
    >
      <StemModelSelect value={model} onChange={setModel} />
      {start.isError && <ErrorNotice error={start.error} action="The separation did not start" />}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={start.isPending}>
          {start.isPending ? 'Starting…' : 'Start stem separation'}
        </button>
        <button type="button" onClick={onDone}>
          Close
        </button>
      </div>
    </form>
  );
}
