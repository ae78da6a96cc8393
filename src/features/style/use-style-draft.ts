import { useEffect, useState } from 'react';
import type { ProjectSettings } from '../../contract';
import { createStyleDraft, type StyleDraftStore } from './style-draft';

/** One draft per project for the page's life: the Settings page and the editor share it. */
const drafts = new Map<string, StyleDraftStore>();

export function styleDraftFor(projectId: string, settings: ProjectSettings): StyleDraftStore {
  let store = drafts.get(projectId);
  if (!store) {
    store = createStyleDraft(projectId, settings);
    drafts.set(projectId, store);
  }
  return store;
}

/**
 * The project's style draft, created from the first settings read. A newer read (refetch, another
 * tab's save) becomes the base only while nothing is unsaved; otherwise the page shows that a
 * newer version exists and the save's 409 offers merge or reload.
 */
export function useStyleDraft(projectId: string, settings: ProjectSettings): StyleDraftStore {
  const [store] = useState(() => styleDraftFor(projectId, settings));
  useEffect(() => {
    if (store.getState().base.versionId !== settings.versionId)
      store.getState().rebaseClean(settings);
  }, [store, settings]);
  return store;
}
