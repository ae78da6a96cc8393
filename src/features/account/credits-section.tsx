import { useQuery } from '@tanstack/react-query';
import { creditsQuery, useApiClient } from '../../api';
import { DataTable } from '../../components/data-table';
import { QueryView } from '../../components/query-view';
import { formatDay } from '../../components/format';

export function CreditsSection() {
  const credits = useQuery(creditsQuery(useApiClient()));
  return (
    <section className="account-section" aria-labelledby="credits">
      <h2 id="credits">Credits</h2>
      <QueryView
        query={credits}
        loading="Loading your credits…"
        failed="Could not load your credits"
      >
        {(data) => (
          <>
            <p className="balance">
              <span className="balance-number">{data.availableBalance}</span> credits available
            </p>
            <dl className="facts">
              <dt>Subscription</dt>
              <dd>
                {data.subscription
                  ? `Renews on ${formatDay(data.subscription.renewsAt)}`
                  : 'No subscription'}
              </dd>
              <dt>Renewal dates</dt>
              <dd>
                {data.renewalDates.length ? data.renewalDates.map(formatDay).join(', ') : 'None'}
              </dd>
            </dl>
            <h3>Top-ups</h3>
            <DataTable
              label="Top-ups"
              empty="No top-ups."
              rows={data.topups}
              rowKey={(topup) => topup.id}
              columns={[
                { header: 'Remaining', cell: (topup) => topup.remaining },
                { header: 'Original', cell: (topup) => topup.originalAmount },
                { header: 'Expires', cell: (topup) => formatDay(topup.expiresAt) },
              ]}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
