import { useState } from 'react';
import { fetchExportDownload, useApiClient } from '../../api';
import type { Export } from '../../contract';
import { ErrorNotice } from '../../components/error-notice';
import { downloadName } from './render-options';

/**
 * Download: asks the service for a fresh signed link (links expire) and hands it to the browser
 * as a download named after the project.
 */
export function DownloadButton({
  projectId,
  item,
  title,
  label,
}: {
  projectId: string;
  item: Export;
  title: string;
  label: string;
}) {
  const client = useApiClient();
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({
    busy: false,
    error: null,
  });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      const { url } = await fetchExportDownload(client, projectId, item.id);
      const link = document.createElement('a');
      link.href = url;
      link.download = downloadName(title, item);
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  return (
    <>
      <button
        type="button"
        className="primary"
        onClick={() => void download()}
        disabled={state.busy}
        aria-label={label}
      >
        {state.busy ? 'Preparing…' : 'Download'}
      </button>
      {state.error !== null && (
        <ErrorNotice
          error={state.error}
          action="Could not download"
          onRetry={() => void download()}
        />
      )}
    </>
  );
}
