/**
 * A persistent string-keyed map: a fixed array of small immutable buckets. An update copies the
 * bucket table and the touched buckets only, so one edit on 100,000 keys copies a few hundred
 * slots, not the whole map. Sized once from the expected count (about 16 keys per bucket).
 */
type Bucket<V> = readonly (readonly [string, V])[];

export interface KeyMap<V> {
  readonly buckets: readonly Bucket<V>[];
  readonly size: number;
}

const EMPTY: Bucket<never> = [];

function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function bucketCount(expected: number): number {
  let n = 64;
  while (n * 16 < expected) n *= 2;
  return n;
}

export function createKeyMap<V>(entries: Iterable<readonly [string, V]>, expected = 0): KeyMap<V> {
  const count = bucketCount(expected);
  const buckets: (readonly [string, V])[][] = Array.from({ length: count }, () => []);
  let size = 0;
  for (const [key, value] of entries) {
    const bucket = buckets[hash(key) & (count - 1)] as (readonly [string, V])[];
    const at = bucket.findIndex((e) => e[0] === key);
    if (at >= 0) bucket[at] = [key, value];
    else {
      bucket.push([key, value]);
      size++;
    }
  }
  return { buckets, size };
}

export function getKey<V>(map: KeyMap<V>, key: string): V | undefined {
  const bucket = map.buckets[hash(key) & (map.buckets.length - 1)] ?? EMPTY;
  for (const entry of bucket) if (entry[0] === key) return entry[1];
  return undefined;
}

/** Applies deletions then insertions in one pass; touched buckets are copied once each. */
export function updateKeyMap<V>(
  map: KeyMap<V>,
  deletes: Iterable<string>,
  sets: Iterable<readonly [string, V]>,
): KeyMap<V> {
  const buckets = map.buckets.slice();
  const mask = buckets.length - 1;
  const copied = new Set<number>();
  let size = map.size;
  const own = (index: number): (readonly [string, V])[] => {
    const bucket = buckets[index] ?? EMPTY;
    if (copied.has(index)) return bucket as (readonly [string, V])[];
    const copy = bucket.slice();
    buckets[index] = copy;
    copied.add(index);
    return copy;
  };
  for (const key of deletes) {
    const bucket = own(hash(key) & mask);
    const at = bucket.findIndex((e) => e[0] === key);
    if (at >= 0) {
      bucket.splice(at, 1);
      size--;
    }
  }
  for (const [key, value] of sets) {
    const bucket = own(hash(key) & mask);
    const at = bucket.findIndex((e) => e[0] === key);
    if (at >= 0) bucket[at] = [key, value];
    else {
      bucket.push([key, value]);
      size++;
    }
  }
  // Rehash when the map has grown far past the size it was built for.
  if (size > buckets.length * 64) return createKeyMap(entriesOf({ buckets, size }), size);
  return { buckets, size };
}

export function* entriesOf<V>(map: KeyMap<V>): Generator<readonly [string, V]> {
  for (const bucket of map.buckets) yield* bucket;
}
