import { useQuery } from '@tanstack/react-query';
import { creditsQuery, useApiClient } from '../../api';
import { ErrorNotice } from '../../components/error-notice';
import { Loading } from '../../components/loading';
import { formatDay } from '../../components/format';

export function CreditsSection() {
  const credits = useQuery(creditsQuery(useApiClient()));
  return (
    <section className="account-section" aria-labelledby="credits">
      <h2 id="credits">Credits</h2>
      {credits.isPending ? (
        <Loading label="Loading your credits…" />
      ) : credits.isError ? (
        <ErrorNotice
          error={credits.error}
          action="Could not load your credits"
          onRetry={() => void credits.refetch()}
        />
      ) : (
        <>
          <p className="balance">
            <span className="balance-number">{credits.data.availableBalance}</span> credits
            available
          </p>
          <dl className="facts">
            <dt>Subscription</dt>
            <dd>
              {credits.data.subscription
                ? `Renews on ${formatDay(credits.data.subscription.renewsAt)}`
                : 'No subscription'}
            </dd>
            <dt>Renewal dates</dt>
            <dd>
              {credits.data.renewalDates.length
                ? credits.data.renewalDates.map(formatDay).join(', ')
                : 'None'}
            </dd>
          </dl>
          <h3>Top-ups</h3>
          {credits.data.topups.length === 0 ? (
            <p className="muted">No top-ups.</p>
          ) : (
            <table className="data" aria-label="Top-ups">
              <thead>
                <tr>
                  <th scope="col">Remaining</th>
                  <th scope="col">Original</th>
                  <th scope="col">Expires</th>
                </tr>
              </thead>
              <tbody>
                {credits.data.topups.map((topup) => (
                  <tr key={topup.id}>
                    <td>{topup.remaining}</td>
                    <td>{topup.originalAmount}</td>
                    <td>{formatDay(topup.expiresAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
