import { useState } from 'react';
import { Link } from 'react-router';
import type { Project } from '../../../contract';
import { RenderVideoDialog } from '../../exports';
import { useEditor } from '../store';

/**
 * "Render video" in the editor's header: the open timing is offered first; with unsaved edits the
 * dialog offers to save them first (the page's own save, with its merge and messages).
 */
export function RenderVideoButton({
  project,
  alignmentId,
  save,
  isSaved,
}: {
  project: Project;
  alignmentId: string;
  /** The page's save; resolves once it has ended, whatever the outcome. */
  save: () => Promise<void>;
  /** After the save: nothing left unsaved (no failure, no conflicts waiting). */
  isSaved: () => boolean;
}) {
  const dirty = useEditor((s) => s.dirty);
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState(false);
  const exportsPath = `/projects/${encodeURIComponent(project.id)}/exports`;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Render video…
      </button>
      <RenderVideoDialog
        open={open}
        onClose={() => setOpen(false)}
        project={project}
        alignmentId={alignmentId}
        unsaved={dirty}
        onSave={async () => {
          await save();
          return isSaved();
        }}
        onStarted={() => setStarted(true)}
      />
      {started && (
        <p className="notice notice-ok render-started" role="status">
          Rendering the video. <Link to={exportsPath}>Follow it on the Exports page</Link>; a notice
          says when it is done.{' '}
          <button type="button" onClick={() => setStarted(false)} aria-label="Dismiss">
            ×
          </button>
        </p>
      )}
    </>
  );
}
