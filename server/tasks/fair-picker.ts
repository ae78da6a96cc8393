/**
 * Which queued task runs next (docs/adr/0010). Pure logic over a narrow view of the queue, so the
 * same rule holds for any store (SQLite here, PostgreSQL behind the same port):
 * - at most `global` tasks run at once (sized to the machine);
 * - at most `perAccount` of them belong to one account;
 * - among accounts with room, the one with the fewest running tasks goes first, then the one
 *   served least recently (round robin), then the oldest task.
 * So one account's long lyrics sync never holds back another account's short task.
 */

/** The oldest queued task of one account. */
export interface QueueHead {
  id: string;
  accountId: string;
  seq: number;
}

export interface FairLimits {
  global: number;
  perAccount: number;
}

/** Per-account share of the slots: half of them, at least one. */
export const limitsFor = (global: number): FairLimits => ({
  global,
  perAccount: Math.max(1, Math.floor(global / 2)),
});

export class FairPicker {
  private round = 0;
  private readonly lastServed = new Map<string, number>();

  /**
   * The head to run next, or undefined when every slot is taken or nobody has room. `lastServed`
   * (when an account last got a slot, any increasing number) replaces this picker's own memory:
   * several workers share it through the database (claim.ts).
   */
  pick(
    heads: readonly QueueHead[],
    running: ReadonlyMap<string, number>,
    limits: FairLimits,
    lastServed: ReadonlyMap<string, number> = this.lastServed,
  ): QueueHead | undefined {
    let total = 0;
    for (const n of running.values()) total += n;
    if (total >= limits.global) return undefined;
    let best: QueueHead | undefined;
    let bestKey: [number, number, number] | undefined;
    for (const head of heads) {
      const busy = running.get(head.accountId) ?? 0;
      if (busy >= limits.perAccount) continue;
      const key: [number, number, number] = [busy, lastServed.get(head.accountId) ?? -1, head.seq];
      if (!bestKey || compare(key, bestKey) < 0) {
        best = head;
        bestKey = key;
      }
    }
    return best;
  }

  /** Records that `accountId` got a slot (it goes to the back of the round). */
  served(accountId: string): void {
    this.lastServed.set(accountId, this.round++);
  }
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
