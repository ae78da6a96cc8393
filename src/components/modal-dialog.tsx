import { useId, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

interface Props {
  open: boolean;
  /** Escape asks this (the dialog never closes by itself), as the content's Cancel does. */
  onClose: () => void;
  /** The heading, drawn first; it names the dialog. */
  title: string;
  /** A class beside `dialog`. */
  className?: string;
  /** Mount the content only while open, so every opening starts fresh (a form's fields). */
  fresh?: boolean;
  children: ReactNode;
}

/**
 * The app's modal `<dialog>` shell: shown with `showModal` while `open` (the browser traps focus
 * and makes the page behind inert), named by its heading, Escape calls `onClose`. Should the
 * browser close it by itself while `open` (Chromium does on a second Escape without a click or
 * key in between), `onClose` is called too, so the owner's state follows.
 */
export function ModalDialog({ open, onClose, title, className, fresh = false, children }: Props) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      onClose={() => {
        if (open) onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {(open || !fresh) && children}
    </dialog>
  );
}
