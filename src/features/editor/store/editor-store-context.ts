import { createContext } from 'react';
import type { EditorStore } from './editor-store';

export const EditorStoreContext = createContext<EditorStore | null>(null);
