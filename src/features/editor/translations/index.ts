/** Translation languages of the editor (ADR 0017): see CONTEXT.md. */
export { TranslationsBar } from './translations-bar';
export { useTranslationView, type TranslationView } from './translation-view';
