import { useEffect, useState } from 'react';
import type { Project } from '../../../contract';
import type { EditorStore } from '../store';
import { ExportTimings } from './export-timings';
import { ImportTimings } from './import-timings';
import { createTimingsClient } from './timings-client';
import './import-export.css';

interface Props {
  store: EditorStore;
  project: Pick<Project, 'title' | 'artists' | 'language' | 'duration'>;
}

/** The toolbar's Import timings and Export timings controls, sharing one background worker. */
export function TimingsControls({ store, project }: Props) {
  const [client] = useState(createTimingsClient);
  useEffect(() => () => client.dispose(), [client]);
  return (
    <div className="timings-controls" role="group" aria-label="Timing files">
      <ImportTimings store={store} duration={project.duration} client={client} />
      <ExportTimings store={store} project={project} client={client} />
    </div>
  );
}
