import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A delete asked first: `ask(item)` clears the last failure and opens the question; `dialog`
 * spreads into a ConfirmDialog (open, busy while deleting, Cancel, confirm). The question closes
 * when the delete settles; a failure stays in `remove` for the page's ErrorNotice.
 */
export function useConfirmedDelete<T extends { id: string }, D = unknown>(
  remove: UseMutationResult<D, Error, string>,
  { onDeleted }: { onDeleted?: () => void } = {},
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    deleting,
    ask: (item: T) => {
      remove.reset();
      setDeleting(item);
    },
    dialog: {
      open: deleting !== null,
      busy: remove.isPending,
      onCancel: () => setDeleting(null),
      onConfirm: () => {
        if (!deleting) return;
        remove.mutate(deleting.id, { onSuccess: onDeleted, onSettled: () => setDeleting(null) });
      },
    },
  };
}
