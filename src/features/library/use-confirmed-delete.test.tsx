import type { UseMutationResult } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useConfirmedDelete } from './use-confirmed-delete';

type Callbacks = { onSuccess?: () => void; onSettled?: () => void };

/** The fields the hook uses of a delete mutation; `settle` ends the last mutate call. */
function fakeRemove(isPending = false) {
  const calls: { id: string; options: Callbacks }[] = [];
  const remove = {
    isPending,
    reset: vi.fn(),
    mutate: vi.fn((id: string, options: Callbacks) => calls.push({ id, options })),
  } as unknown as UseMutationResult<void, Error, string>;
  const settle = (ok: boolean) => {
    const last = calls.at(-1)!;
    if (ok) last.options.onSuccess?.();
    last.options.onSettled?.();
  };
  return { remove, calls, settle };
}

describe('useConfirmedDelete', () => {
  it('asks (clearing the last failure), deletes the item asked about, closes when settled', () => {
    const { remove, calls, settle } = fakeRemove();
    const onDeleted = vi.fn();
    const { result } = renderHook(() => useConfirmedDelete(remove, { onDeleted }));
    expect(result.current.dialog.open).toBe(false);

    act(() => result.current.ask({ id: 'p1' }));
    expect(remove.reset).toHaveBeenCalledOnce();
    expect(result.current.deleting).toEqual({ id: 'p1' });
    expect(result.current.dialog.open).toBe(true);

    act(() => result.current.dialog.onConfirm());
    expect(calls.map((c) => c.id)).toEqual(['p1']);
    expect(result.current.dialog.open).toBe(true);
    act(() => settle(true));
    expect(onDeleted).toHaveBeenCalledOnce();
    expect(result.current.dialog.open).toBe(false);
  });

  it('closes on a failure too, without onDeleted; Cancel deletes nothing', () => {
    const { remove, calls, settle } = fakeRemove();
    const onDeleted = vi.fn();
    const { result } = renderHook(() => useConfirmedDelete(remove, { onDeleted }));
    act(() => result.current.ask({ id: 'm1' }));
    act(() => result.current.dialog.onConfirm());
    act(() => settle(false));
    expect(onDeleted).not.toHaveBeenCalled();
    expect(result.current.dialog.open).toBe(false);

    act(() => result.current.ask({ id: 'm2' }));
    act(() => result.current.dialog.onCancel());
    expect(result.current.dialog.open).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('is busy while the delete runs', () => {
    const { remove } = fakeRemove(true);
    const { result } = renderHook(() => useConfirmedDelete(remove));
    expect(result.current.dialog.busy).toBe(true);
  });
});
