import { useContext } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { EditorStore } from './editor-store';
import { EditorStoreContext } from './editor-store-context';
import type { EditorState } from './types';

/** The store of the enclosing EditorStoreProvider (for subscribe / getState outside renders). */
export function useEditorStore(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('useEditorStore: no EditorStoreProvider above this component');
  return store;
}

/** A slice of the editor state; the selector must return a stable value (or use useEditorShallow). */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorStore(), selector);
}

/** For selectors that build arrays or objects: compared shallowly, so renders stay cheap. */
export function useEditorShallow<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorStore(), useShallow(selector));
}
