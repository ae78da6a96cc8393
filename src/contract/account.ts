import { z } from 'zod';
import { IdSchema } from './common';

export const AccountSchema = z.object({
  userId: IdSchema,
  email: z.string(),
  apiKeyId: IdSchema,
});
export type Account = z.infer<typeof AccountSchema>;

const Int = z.int().min(0);

export const TopupSchema = z.object({
  id: IdSchema,
  originalAmount: Int,
  remaining: Int,
  expiresAt: z.string(),
});
export type Topup = z.infer<typeof TopupSchema>;

export const CreditBalanceSchema = z.object({
  renewalDates: z.array(z.string()).default([]),
  topups: z.array(TopupSchema).default([]),
  availableBalance: z.int(),
  subscription: z.object({ renewsAt: z.string() }).nullish(),
});
export type CreditBalance = z.infer<typeof CreditBalanceSchema>;

export const PlanQuantitySchema = z.object({
  enabled: z.boolean(),
  currentQuantity: Int,
  cycle: z.string(),
  provider: z.string(),
});
export type PlanQuantity = z.infer<typeof PlanQuantitySchema>;

export const BillingCatalogSchema = z.object({
  unitCredits: z.number(),
  quantity: z.object({ min: z.number(), max: z.number() }),
  hasActiveSubscription: z.boolean(),
  planQuantities: z.array(PlanQuantitySchema),
  planQuantity: PlanQuantitySchema.nullish(),
  subscription: z.object({
    monthly: z.object({
      unitPriceCents: Int,
      unitPriceFormatted: z.string(),
      priceExperiment: z
        .object({ key: z.string(), variant: z.string(), unitPriceCents: Int })
        .nullish(),
    }),
    yearly: z.object({
      unitPriceCents: Int,
      monthlyEquivalentCents: Int,
      yearlyTotalCents: Int,
      unitPriceFormatted: z.string(),
      monthlyEquivalentFormatted: z.string(),
      yearlyTotalFormatted: z.string(),
    }),
  }),
  topup: z.object({
    enabled: z.boolean(),
    eligible: z.boolean(),
    unitPriceCents: Int,
    unitPriceFormatted: z.string(),
  }),
  storage: z.object({ perSubscriptionUnitGb: Int, topupAddsStorage: z.boolean() }),
});
export type BillingCatalog = z.infer<typeof BillingCatalogSchema>;

export const BILLING_PLATFORMS = ['web', 'desktop', 'desktop_v3', 'cli', 'sdk', 'api'] as const;
export const BillingPlatformSchema = z.enum(BILLING_PLATFORMS);
export type BillingPlatform = z.infer<typeof BillingPlatformSchema>;
export const BillingManageQuerySchema = z.object({ platform: BillingPlatformSchema });
export type BillingManageQuery = z.infer<typeof BillingManageQuerySchema>;
export const BillingManageSchema = z.object({ url: z.string() });
export type BillingManage = z.infer<typeof BillingManageSchema>;

export const UploadRequestSchema = z.strictObject({
  filename: z.string().min(1).max(255),
  contentType: z.string().min(1),
  contentLength: z.int().min(1),
});
export type UploadRequest = z.infer<typeof UploadRequestSchema>;

export const UploadResponseSchema = z.object({
  inputFileId: IdSchema,
  uploadUrl: z.string(),
  contentType: z.string(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;
