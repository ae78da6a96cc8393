/** The pure editing core: no React, no DOM, no Node. See CONTEXT.md. */
export * from './change';
export * from './diff';
export * from './doc';
export * from './history';
export * from './item-key';
export * from './merge';
export * from './op-types';
export { applyOp, planOp } from './ops';
export { lineItems } from './ops-words';
export * from './snap';
export * from './validate';
export * from './viewport';
export { derivedFrom } from './lineage';
export { planTake, type TakePlan, type TakeScope } from './take';
export * from './review';
export {
  isRomanization,
  lineLanguages,
  lineTranslation,
  missingTranslations,
  romanizationOf,
  translationLanguages,
  translationLevel,
  wordLevelLanguages,
  wordReadings,
} from './translations';
