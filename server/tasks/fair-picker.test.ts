import { describe, expect, it } from 'vitest';
import { FairPicker, limitsFor, type QueueHead } from './fair-picker';

const head = (accountId: string, seq: number): QueueHead => ({ id: `t${seq}`, accountId, seq });
const counts = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('FairPicker', () => {
  it('sizes the per-account share to half of the slots, at least one', () => {
    expect(limitsFor(1)).toEqual({ global: 1, perAccount: 1 });
    expect(limitsFor(2)).toEqual({ global: 2, perAccount: 1 });
    expect(limitsFor(4)).toEqual({ global: 4, perAccount: 2 });
  });

  it('gives a free slot to another account while one account has a task running', () => {
    const picker = new FairPicker();
    const heads = [head('a', 1), head('b', 5)];
    expect(picker.pick(heads, counts({ a: 1 }), limitsFor(2))?.accountId).toBe('b');
  });

  it('takes nothing when every slot is taken, or when the only account with work is at its share', () => {
    const picker = new FairPicker();
    expect(picker.pick([head('b', 2)], counts({ a: 2 }), limitsFor(2))).toBeUndefined();
    expect(picker.pick([head('a', 2)], counts({ a: 1 }), limitsFor(2))).toBeUndefined();
  });

  it('serves accounts in turn, the least recently served first, then the oldest task', () => {
    const picker = new FairPicker();
    const limits = { global: 1, perAccount: 1 };
    const order: string[] = [];
    // Three accounts always have work; one slot: each gets a turn before anyone gets a second.
    for (let i = 0; i < 6; i++) {
      const next = picker.pick([head('a', 1), head('b', 2), head('c', 3)], counts({}), limits);
      if (!next) throw new Error('nothing picked');
      picker.served(next.accountId);
      order.push(next.accountId);
    }
    expect(order).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
  });

  it('prefers the account with fewer running tasks', () => {
    const picker = new FairPicker();
    const limits = { global: 4, perAccount: 2 };
    const next = picker.pick([head('a', 1), head('b', 9)], counts({ a: 1 }), limits);
    expect(next?.accountId).toBe('b');
  });
});
