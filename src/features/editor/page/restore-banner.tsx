import { useState } from 'react';
import type { RestoreNotice } from './editor-sessions';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Says that unsaved edits came back from this browser's storage, and offers to throw them away. */
export function RestoreBanner({
  notice,
  onDiscard,
}: {
  notice: RestoreNotice;
  onDiscard: () => Promise<void>;
}) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const edits = `${notice.edits} unsaved ${notice.edits === 1 ? 'edit' : 'edits'} from ${when(notice.savedAt)}`;
  const discard = () => {
    setOpen(false);
    void onDiscard();
  };
  return (
    <div className="notice notice-ok page-notice" role="status">
      {notice.kind === 'restored'
        ? `Restored ${edits}.`
        : `Merged ${edits} onto the newer saved version` +
          (notice.conflicts
            ? `: ${notice.conflicts} need your decision.`
            : ' with no conflicts.')}{' '}
      <button type="button" onClick={() => setOpen(false)}>
        Keep them
      </button>{' '}
      <button type="button" className="danger" onClick={discard}>
        Discard draft
      </button>
    </div>
  );
}
