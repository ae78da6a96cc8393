import { useQuery } from '@tanstack/react-query';
import { billingCatalogQuery, useApiClient } from '../../api';
import { ErrorNotice } from '../../components/error-notice';
import { Loading } from '../../components/loading';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function BillingCatalogSection() {
  const catalog = useQuery(billingCatalogQuery(useApiClient()));
  return (
    <section className="account-section" aria-labelledby="catalog">
      <h2 id="catalog">Plans and prices</h2>
      {catalog.isPending ? (
        <Loading label="Loading the catalog…" />
      ) : catalog.isError ? (
        <ErrorNotice
          error={catalog.error}
          action="Could not load the billing catalog"
          onRetry={() => void catalog.refetch()}
        />
      ) : (
        <>
          <dl className="facts">
            <dt>Monthly</dt>
            <dd>{catalog.data.subscription.monthly.unitPriceFormatted} per unit a month</dd>
            <dt>Yearly</dt>
            <dd>
              {catalog.data.subscription.yearly.unitPriceFormatted} per unit a year (
              {catalog.data.subscription.yearly.monthlyEquivalentFormatted} a month; total{' '}
              {catalog.data.subscription.yearly.yearlyTotalFormatted})
            </dd>
            <dt>One unit</dt>
            <dd>{catalog.data.unitCredits} credits</dd>
            <dt>Quantity</dt>
            <dd>
              {catalog.data.quantity.min} to {catalog.data.quantity.max} units
            </dd>
            <dt>Active subscription</dt>
            <dd>{yesNo(catalog.data.hasActiveSubscription)}</dd>
            <dt>Top-up</dt>
            <dd>
              {catalog.data.topup.enabled
                ? `${catalog.data.topup.unitPriceFormatted} per unit${catalog.data.topup.eligible ? '' : ' (not available to this account yet)'}`
                : 'Not offered'}
            </dd>
            <dt>Storage</dt>
            <dd>
              {catalog.data.storage.perSubscriptionUnitGb} GB per subscription unit
              {catalog.data.storage.topupAddsStorage ? '; top-ups add storage' : ''}
            </dd>
          </dl>
          <h3>Plans</h3>
          {catalog.data.planQuantities.length === 0 ? (
            <p className="muted">No plan on this account.</p>
          ) : (
            <table className="data" aria-label="Plans">
              <thead>
                <tr>
                  <th scope="col">Cycle</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Provider</th>
                  <th scope="col">Enabled</th>
                </tr>
              </thead>
              <tbody>
                {catalog.data.planQuantities.map((plan) => (
                  <tr key={`${plan.provider}-${plan.cycle}`}>
                    <td>
                      {plan.cycle}
                      {catalog.data.planQuantity?.cycle === plan.cycle &&
                        catalog.data.planQuantity.provider === plan.provider && (
                          <span className="badge">current</span>
                        )}
                    </td>
                    <td>{plan.currentQuantity}</td>
                    <td>{plan.provider}</td>
                    <td>{yesNo(plan.enabled)}</td>
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
