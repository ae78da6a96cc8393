import { STEM_MODELS, type StemModel } from '../../contract';

/** Readable names for the service's stem separation models (exhaustive over STEM_MODELS). */
export const STEM_MODEL_NAMES: Record<StemModel, string> = {
  mdx23c: 'MDX23C — vocals and instrumental',
  vendora_ai: 'Vendor A AI — vocals and instrumental',
  vendora_vocals_lead: 'Vendor A — lead vocals',
  vendorb_instrumental_only: 'Vendor B — instrumental only',
  vendorb_lead_backing_other: 'Vendor B — lead, backing vocals and other',
  vendorb_with_backing_vocals: 'Vendor B — instrumental with backing vocals',
  vendorb_without_backing_vocals: 'Vendor B — instrumental without backing vocals',
  vendorc_mdxnet_kara_2: 'Vendor C — MDX-Net Karaoke 2',
  bs_roformer: 'BS-RoFormer — vocals and instrumental',
  mel_band_roformer_instrumental_authora: 'Mel-Band RoFormer instrumental (author A)',
  mel_band_roformer_instrumental_instv7_authorb: 'Mel-Band RoFormer instrumental v7 (author B)',
  vendord: 'Vendor D — vocals and instrumental',
};

export const STEM_MODEL_OPTIONS = STEM_MODELS.map((model) => ({
  value: model,
  label: STEM_MODEL_NAMES[model],
}));

export const isStemModel = (value: string): value is StemModel =>
  (STEM_MODELS as readonly string[]).includes(value);
