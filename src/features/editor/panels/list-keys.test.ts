import { describe, expect, it } from 'vitest';
import { navigationTarget, PAGE_ROWS } from './list-keys';

const key = (k: string, mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey', boolean>> = {}) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('navigationTarget', () => {
  it('moves by one, by a page, to the first and the last row', () => {
    expect(navigationTarget(key('ArrowDown'), 5, 50)).toBe(6);
    expect(navigationTarget(key('ArrowUp'), 5, 50)).toBe(4);
    expect(navigationTarget(key('PageDown'), 5, 50)).toBe(5 + PAGE_ROWS);
    expect(navigationTarget(key('PageUp'), 15, 50)).toBe(15 - PAGE_ROWS);
    expect(navigationTarget(key('Home'), 5, 50)).toBe(0);
    expect(navigationTarget(key('End'), 5, 50)).toBe(49);
  });

  it('leaves other keys and modified keys alone', () => {
    expect(navigationTarget(key('Enter'), 5, 50)).toBeUndefined();
    expect(navigationTarget(key('ArrowDown', { altKey: true }), 5, 50)).toBeUndefined();
    expect(navigationTarget(key('End', { ctrlKey: true }), 5, 50)).toBeUndefined();
    expect(navigationTarget(key('Home', { metaKey: true }), 5, 50)).toBeUndefined();
  });
});
