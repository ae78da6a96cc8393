import type { AlignmentItem } from '../contract';

/** What a slot holds: the one item with the identity, or all of them when it is duplicated. */
export type Held = AlignmentItem | AlignmentItem[];

/** A deleted slot: probing goes on past it. */
const GONE: AlignmentItem[] = [];

/** FNV-1a over the UTF-16 code units. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h | 0; // as the Int32Array stores it (the empty key never went through imul)
}

/**
 * Identity -> item(s), for validation's duplicate check (validate-parts.ts): an open-addressing
 * table in flat arrays, sized for the document at once. A `Map` of 100,000 string keys grew by
 * rehashing and left megabytes for the collector at every full pass (the p95 of a whole-document
 * validation was twice its median); this one is allocated once and, for passes that keep no
 * state, reused (`scratchTable`).
 */
export class IdentityTable {
  private keys: (string | undefined)[] = [];
  private hashes = new Int32Array(0);
  private values: (Held | undefined)[] = [];
  private mask = 0;
  /** Live entries, and live + deleted slots (probing stops only at an empty one). */
  size = 0;
  private filled = 0;

  constructor(expected: number) {
    this.reset(expected);
  }

  /** Forgets every entry (and so every item it held), keeping the arrays. */
  clear(): void {
    if (this.filled) {
      this.keys.fill(undefined);
      this.values.fill(undefined);
    }
    this.size = 0;
    this.filled = 0;
  }

  /** Empties the table, sized for `expected` entries (kept at most half full). */
  reset(expected: number): void {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    if (capacity !== this.hashes.length) {
      this.keys = new Array<string | undefined>(capacity).fill(undefined);
      this.values = new Array<Held | undefined>(capacity).fill(undefined);
      this.hashes = new Int32Array(capacity);
    } else this.clear();
    this.mask = capacity - 1;
    this.size = 0;
    this.filled = 0;
  }

  /** The key's slot, or ~the slot to put it in (the first deleted one on its way, else empty). */
  private slotOf(key: string, h: number): number {
    const { keys, values, hashes, mask } = this;
    let reuse = -1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const value = values[i];
      if (value === undefined) return ~(reuse >= 0 ? reuse : i);
      if (value === GONE) {
        if (reuse < 0) reuse = i;
      } else if (hashes[i] === h && keys[i] === key) return i;
    }
  }

  get(key: string): Held | undefined {
    const at = this.slotOf(key, hashOf(key));
    return at >= 0 ? this.values[at] : undefined;
  }

  /**
   * Sets `key`'s value; returns the value it replaced (undefined: a new key). One probe per item
   * for a whole document: `holdFirst` tells a new key from a repeated one with it.
   */
  set(key: string, value: Held): Held | undefined {
    const h = hashOf(key);
    const at = this.slotOf(key, h);
    if (at >= 0) {
      const before = this.values[at];
      this.values[at] = value;
      return before;
    }
    const slot = ~at;
    if (this.values[slot] !== GONE) this.filled++;
    this.keys[slot] = key;
    this.hashes[slot] = h;
    this.values[slot] = value;
    this.size++;
    if (this.filled * 2 > this.hashes.length) this.grow();
    return undefined;
  }

  delete(key: string): boolean {
    const at = this.slotOf(key, hashOf(key));
    if (at < 0) return false;
    this.values[at] = GONE;
    this.keys[at] = undefined;
    this.size--;
    return true;
  }

  private grow(): void {
    const { keys, values } = this;
    this.reset(Math.max(this.size * 2, 8));
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const value = values[i];
      if (key !== undefined && value !== undefined && value !== GONE) this.set(key, value);
    }
  }
}

let scratch: IdentityTable | undefined;
let scratchBusy = false;

/**
 * A table for a pass that keeps no state (a fresh validation): the same arrays every time while
 * no other pass holds them, so repeated full passes leave nothing for the collector.
 * `release` hands it back.
 */
export function scratchTable(expected: number): { table: IdentityTable; release: () => void } {
  if (scratchBusy) return { table: new IdentityTable(expected), release: () => {} };
  scratchBusy = true;
  scratch ??= new IdentityTable(expected);
  scratch.reset(expected);
  const table = scratch;
  return {
    table,
    release: () => {
      table.clear();
      scratchBusy = false;
    },
  };
}
