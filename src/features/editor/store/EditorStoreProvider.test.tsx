import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { word } from '../../../timing/test-items';
import { createEditorStore } from './editor-store';
import { EditorStoreProvider } from './EditorStoreProvider';
import { createDriver } from './test-driver';
import { useEditor, useEditorShallow } from './use-editor';

let renders = 0;

function Status() {
  renders++;
  const dirty = useEditor((s) => s.dirty);
  const selected = useEditorShallow((s) => [...s.selection]);
  const canUndo = useEditor((s) => s.history.canUndo);
  return (
    <p>
      {dirty ? 'dirty' : 'clean'} {selected.join(',')} {canUndo ? 'undo' : ''}
    </p>
  );
}

describe('EditorStoreProvider and useEditor', () => {
  it('re-renders on committed changes only, not on drag frames', () => {
    const store = createEditorStore({
      items: [word(0, 0, 0, 1, 'a'), word(0, 1, 2, 3, 'b')],
      revision: 'r1',
      selectionRevision: 's1',
      validationDelayMs: 0,
    });
    render(
      <EditorStoreProvider store={store}>
        <Status />
      </EditorStoreProvider>,
    );
    expect(screen.getByText(/clean/)).toBeTruthy();
    const driver = createDriver(store);
    act(() => driver.pointerDown(2.5, '0/1/0'));
    const before = renders;
    act(() => {
      for (let i = 1; i <= 30; i++) driver.pointerMove(2.5 + i * 0.01);
    });
    expect(renders).toBe(before); // 30 preview frames, no React render
    act(() => driver.pointerUp());
    expect(screen.getByText(/dirty 0\/1\/0 undo/)).toBeTruthy();
    expect(renders).toBe(before + 1);
  });

  it('throws a clear error without a provider', () => {
    expect(() => render(<Status />)).toThrow(/no EditorStoreProvider/);
  });
});
