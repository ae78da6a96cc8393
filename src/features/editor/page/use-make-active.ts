import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  describeError,
  projectQuery,
  RevisionConflictError,
  useApiClient,
  useSelectAlignment,
} from '../../../api';
import type { Alignment } from '../../../contract';
import { alignmentLabel } from '../tools/alignment-label';

/** PUT selection with both guards, as the server last told us; a 409 says who is active now. */
export function useMakeActive(projectId: string, alignment: Alignment) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const select = useSelectAlignment(projectId);
  const [message, setMessage] = useState<string | null>(null);

  const makeActive = async () => {
    setMessage(null);
    try {
      await select.mutateAsync({
        alignmentId: alignment.id,
        body: {
          expectedRevision: alignment.revision,
          expectedSelectionRevision: alignment.selectionRevision,
        },
      });
    } catch (error) {
      if (error instanceof RevisionConflictError) {
        const project = await queryClient.fetchQuery({
          ...projectQuery(client, projectId),
          staleTime: 0,
        });
        const active = project.alignments.find((a) => a.selected);
        setMessage(
          `The active alignment changed meanwhile${active ? ` (now “${alignmentLabel(active)}”)` : ''}. ` +
            'Press Make active again to make this one active.',
        );
        return;
      }
      const { title, detail } = describeError(error);
      setMessage(detail ? `${title}: ${detail}` : title);
    }
  };
  return { makeActive, pending: select.isPending, message };
}
