import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { billingManageQuery, useApiClient } from '../../api';
import { ErrorNotice } from '../../components/error-notice';

/**
 * Fetches a fresh billing address on click and opens it in a new tab. The tab is opened before
 * the request, inside the click, so pop-up blockers let it through.
 */
export function ManageBillingButton() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const open = async () => {
    setBusy(true);
    setError(null);
    const tab = window.open('', '_blank');
    try {
      const { url } = await queryClient.fetchQuery(billingManageQuery(client, 'web'));
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (caught) {
      tab?.close();
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="primary" disabled={busy} onClick={() => void open()}>
        {busy ? 'Opening billing…' : 'Manage billing'}
      </button>
      {error !== null && <ErrorNotice error={error} action="Could not open billing" />}
    </>
  );
}
