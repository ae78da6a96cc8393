import type { BillingCatalog } from '../../src/contract';
import type { HandlerTable } from '../context';
import { creditBalance } from '../db/accounts';

/** The local service sells nothing: a fixed catalog shaped like the real one. */
export const LOCAL_BILLING_CATALOG: BillingCatalog = {
  unitCredits: 10,
  quantity: { min: 1, max: 50 },
  hasActiveSubscription: true,
  planQuantities: [
    { enabled: true, currentQuantity: 1, cycle: 'monthly', provider: 'paymentprovider' },
    { enabled: false, currentQuantity: 0, cycle: 'yearly', provider: 'paymentprovider' },
  ],
  planQuantity: {
    enabled: true,
    currentQuantity: 1,
    cycle: 'monthly',
    provider: 'paymentprovider',
  },
  subscription: {
    monthly: {
      unitPriceCents: 900,
      unitPriceFormatted: '$9.00',
      priceExperiment: { key: 'local-price', variant: 'control', unitPriceCents: 900 },
    },
    yearly: {
      unitPriceCents: 8640,
      monthlyEquivalentCents: 720,
      yearlyTotalCents: 8640,
      unitPriceFormatted: '$86.40',
      monthlyEquivalentFormatted: '$7.20',
      yearlyTotalFormatted: '$86.40',
    },
  },
  topup: { enabled: true, eligible: true, unitPriceCents: 500, unitPriceFormatted: '$5.00' },
  storage: { perSubscriptionUnitGb: 10, topupAddsStorage: false },
};

export const accountHandlers = {
  getMe: (_input, ctx) => ctx.account,
  getCredits: async (_input, ctx) => creditBalance(ctx.services.db, ctx.account.userId),
  getBillingCatalog: () => LOCAL_BILLING_CATALOG,
  getBillingManage: ({ query }, ctx) => ({
    // No payment provider runs locally: the link opens the app's own account page.
    url: `${ctx.origin}/?billing=manage&platform=${query.platform}`,
  }),
} satisfies Pick<HandlerTable, 'getMe' | 'getCredits' | 'getBillingCatalog' | 'getBillingManage'>;
