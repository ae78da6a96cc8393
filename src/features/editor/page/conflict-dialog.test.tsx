import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlignmentItem } from '../../../contract';
import type { MergeConflict } from '../../../timing';
import { ConflictDialog } from './conflict-dialog';

afterEach(cleanup);

const item = (id: string, text: string, start: number): AlignmentItem => ({
  id,
  line: 0,
  word: 0,
  subword: 0,
  start,
  end: start + 0.5,
  text,
});

function conflict(id: string, text: string, kind: MergeConflict['kind'] = 'edit'): MergeConflict {
  const base = item(id, text, 1);
  const mine = kind === 'delete-edit' ? undefined : item(id, text, 1.1);
  const theirs = item(id, text, 1.2);
  return { key: id, kind, fields: ['start'], base, mine, theirs, resolved: { mine, theirs } };
}

const conflicts = [conflict('a', 'morning'), conflict('b', 'light', 'delete-edit')];

describe('ConflictDialog', () => {
  it('offers Show for each conflicted word the draft still has', () => {
    const onShow = vi.fn();
    render(
      <ConflictDialog
        conflicts={conflicts}
        onResolve={() => {}}
        onCancel={() => {}}
        onShow={onShow}
        canShow={(key) => key !== 'b'} // 'b' was deleted in the draft
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Resolve conflicts' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show morning on the timeline' }));
    expect(onShow).toHaveBeenCalledWith('a');
    expect(screen.queryByRole('button', { name: 'Show light on the timeline' })).toBeNull();
  });

  it('keeps the choices while closed (after Show or Decide later) and reopened', () => {
    const onResolve = vi.fn();
    const ui = (open: boolean) => (
      <ConflictDialog conflicts={conflicts} open={open} onResolve={onResolve} onCancel={() => {}} />
    );
    const { rerender, container } = render(ui(true));
    fireEvent.click(screen.getByLabelText('Theirs for morning'));
    rerender(ui(false));
    expect(container.querySelector('dialog')?.open).toBe(false);
    rerender(ui(true));
    expect(container.querySelector('dialog')?.open).toBe(true);
    expect(screen.getByLabelText('Theirs for morning')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Save merged result' }));
    expect(onResolve).toHaveBeenCalledWith({ a: 'theirs', b: 'mine' });
  });
});
