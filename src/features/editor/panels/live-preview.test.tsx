import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDragged } from './live-preview';
import { fakePreviewSource } from './test-utils';

const source = fakePreviewSource;

describe('useDragged', () => {
  it('renders a row when its word starts or stops moving, never per pointer move', () => {
    const { src, set } = source();
    const renders: Record<string, number> = { a: 0, b: 0 };
    const seen: Record<string, boolean> = {};
    function Row({ id }: { id: string }) {
      renders[id] = (renders[id] ?? 0) + 1;
      seen[id] = useDragged(src, id);
      return null;
    }
    render(
      <>
        <Row id="a" />
        <Row id="b" />
      </>,
    );
    expect(renders).toEqual({ a: 1, b: 1 });
    const keys = new Set(['a']);
    set({ kind: 'shift', keys, deltaSeconds: 0.1 });
    expect(seen).toEqual({ a: true, b: false });
    for (let i = 2; i < 60; i++) set({ kind: 'shift', keys, deltaSeconds: i / 10 });
    expect(renders).toEqual({ a: 2, b: 1 });
    for (let i = 0; i < 30; i++)
      set({ kind: 'replace', items: new Map([['a', { start: i, end: i + 1 }]]) });
    expect(renders).toEqual({ a: 2, b: 1 });
    set({ kind: 'replace', items: new Map([['b', { start: 1, end: 2 }]]) });
    expect(seen).toEqual({ a: false, b: true });
    set(null);
    expect(seen).toEqual({ a: false, b: false });
    expect(renders).toEqual({ a: 3, b: 3 });
  });
});
