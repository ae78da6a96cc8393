import { describe, expect, it } from 'vitest';
import { pageSizes, readPaging, writePaging } from './paging';

describe('exports paging in the address', () => {
  it('reads page and limit, falling back on junk', () => {
    expect(readPaging(new URLSearchParams('page=3&limit=2'))).toEqual({ page: 3, limit: 2 });
    expect(readPaging(new URLSearchParams('page=0&limit=500'))).toEqual({ page: 1, limit: 20 });
    expect(readPaging(new URLSearchParams('page=x'))).toEqual({ page: 1, limit: 20 });
  });
  it('writes only what differs from the defaults', () => {
    expect(writePaging(1, 20).toString()).toBe('');
    expect(writePaging(2, 50).toString()).toBe('page=2&limit=50');
  });
  it('offers the current size even when unusual', () => {
    expect(pageSizes(2)).toEqual([2, 10, 20, 50, 100]);
    expect(pageSizes(20)).toEqual([10, 20, 50, 100]);
  });
});
