/** Crash-safe drafts of unsaved edits in IndexedDB. See ../store/CONTEXT.md, "Drafts". */
export { attachDraftAutosave, type AutosaveOptions, type DraftAutosave } from './draft-autosave';
export {
  deleteDraft,
  draftItems,
  listDrafts,
  loadDraft,
  openDraftDb,
  writeDraft,
} from './draft-db';
export type { Draft, DraftKey, DraftScope, DraftSummary } from './draft-types';
export { openWithDraft, type OpenedEditor } from './open-with-draft';
