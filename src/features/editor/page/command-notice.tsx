import { useSyncExternalStore } from 'react';
import { createBox, type Box } from '../timeline/view-state';
import '../a11y.css';

/** A sentence about the last keyboard command that did not do the plain thing (or could not). */
export interface Notice {
  readonly text: string;
  /** Distinguishes two equal sentences in a row, so the second is announced too. */
  readonly seq: number;
}
export type NoticeBox = Box<Notice | null>;

export function createNoticeBox(): NoticeBox & { say: (text: string | null) => void } {
  const box = createBox<Notice | null>(null);
  let seq = 0;
  return {
    ...box,
    say: (text) => box.set(text === null ? null : { text, seq: ++seq }),
  };
}

/** Shows the notice where the user is looking (above the timeline) until dismissed or replaced. */
export function CommandNotice({ box }: { box: NoticeBox }) {
  const notice = useSyncExternalStore(box.subscribe, box.get);
  return (
    <div role="status" aria-live="polite" className="command-notice-region">
      {notice && (
        <p key={notice.seq} className="notice notice-warn command-notice">
          {notice.text}{' '}
          <button type="button" className="link-button" onClick={() => box.set(null)}>
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}
