import type { ReactNode } from 'react';
import type { EditorStore } from './editor-store';
import { EditorStoreContext } from './editor-store-context';

/** Provides one alignment's store; the page creates it (createEditorStore) and owns its lifetime. */
export function EditorStoreProvider({
  store,
  children,
}: {
  store: EditorStore;
  children: ReactNode;
}) {
  return <EditorStoreContext.Provider value={store}>{children}</EditorStoreContext.Provider>;
}
