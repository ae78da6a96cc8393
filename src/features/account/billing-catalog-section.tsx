import { useQuery } from '@tanstack/react-query';
import { billingCatalogQuery, useApiClient } from '../../api';
import { DataTable } from '../../components/data-table';
import { QueryView } from '../../components/query-view';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function BillingCatalogSection() {
  const catalog = useQuery(billingCatalogQuery(useApiClient()));
  return (
    <section className="account-section" aria-labelledby="catalog">
      <h2 id="catalog">Plans and prices</h2>
      <QueryView
        query={catalog}
        loading="Loading the catalog…"
        failed="Could not load the billing catalog"
      >
        {(data) => (
          <>
            <dl className="facts">
              <dt>Monthly</dt>
              <dd>{data.subscription.monthly.unitPriceFormatted} per unit a month</dd>
              <dt>Yearly</dt>
              <dd>
                {data.subscription.yearly.unitPriceFormatted} per unit a year (
                {data.subscription.yearly.monthlyEquivalentFormatted} a month; total{' '}
                {data.subscription.yearly.yearlyTotalFormatted})
              </dd>
              <dt>One unit</dt>
              <dd>{data.unitCredits} credits</dd>
              <dt>Quantity</dt>
              <dd>
                {data.quantity.min} to {data.quantity.max} units
              </dd>
              <dt>Active subscription</dt>
              <dd>{yesNo(data.hasActiveSubscription)}</dd>
              <dt>Top-up</dt>
              <dd>
                {data.topup.enabled
                  ? `${data.topup.unitPriceFormatted} per unit${data.topup.eligible ? '' : ' (not available to this account yet)'}`
                  : 'Not offered'}
              </dd>
              <dt>Storage</dt>
              <dd>
                {data.storage.perSubscriptionUnitGb} GB per subscription unit
                {data.storage.topupAddsStorage ? '; top-ups add storage' : ''}
              </dd>
            </dl>
            <h3>Plans</h3>
            <DataTable
              label="Plans"
              empty="No plan on this account."
              rows={data.planQuantities}
              rowKey={(plan) => `${plan.provider}-${plan.cycle}`}
              columns={[
                {
                  header: 'Cycle',
                  cell: (plan) => (
                    <>
                      {plan.cycle}
                      {data.planQuantity?.cycle === plan.cycle &&
                        data.planQuantity.provider === plan.provider && (
                          <span className="badge">current</span>
                        )}
                    </>
                  ),
                },
                { header: 'Quantity', cell: (plan) => plan.currentQuantity },
                { header: 'Provider', cell: (plan) => plan.provider },
                { header: 'Enabled', cell: (plan) => yesNo(plan.enabled) },
              ]}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
