import { useState } from 'react';
import { useStartStemSeparation } from '../../api';
import type { StemModel } from '../../contract';
import { StemModelSelect } from '../projects/stem-model-select';
import { StartTaskForm } from './start-task-form';

export function StemSeparationForm({
  projectId,
  onDone,
  onClose,
}: {
  projectId: string;
  /** The task was started. */
  onDone: () => void;
  /** Closed without starting one. */
  onClose: () => void;
}) {
  const start = useStartStemSeparation(projectId);
  const [model, setModel] = useState<StemModel | ''>('');
  return (
    <StartTaskForm
      label="Stem separation"
      start={start}
      notStarted="The separation did not start"
      submitLabel="Start stem separation"
      onSubmit={() => start.mutate(model || undefined, { onSuccess: onDone })}
      onClose={onClose}
    >
      <StemModelSelect value={model} onChange={setModel} />
    </StartTaskForm>
  );
}
