/**
 * Finds where each item of `alignment.items` starts in the raw JSON bytes of an (already parsed
 * and checked) replacement body, so the stored items can be the client's own bytes with ids
 * spliced into the items that had none, instead of a re-encoding of 100,000 parsed objects
 * (docs/adr/0010). Returns undefined whenever the scan is not sure; the caller then re-encodes.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;

function keyText(raw: Uint8Array, from: number, to: number, escaped: boolean): string {
  const text = Buffer.from(raw.buffer, raw.byteOffset + from, to - from).toString('utf8');
  // A key spelled with escapes ("al\u0069gnment") means what JSON.parse makes of it.
  return escaped ? (JSON.parse(`"${text}"`) as string) : text;
}

/** Where the last `alignment.items` array is (JSON.parse's pick) and where each item starts. */
export function itemOffsets(
  raw: Uint8Array,
): { open: number; close: number; items: number[] } | undefined {
  // Per depth: the key whose value is open at that depth.
  const keys: (string | undefined)[] = [];
  let depth = 0;
  let lastString: string | undefined;
  let found: { open: number; close: number; items: number[] } | undefined;
  let current: { open: number; items: number[] } | undefined;
  const n = raw.length;
  for (let i = 0; i < n; i++) {
    const c = raw[i];
    if (c === QUOTE) {
      const start = i + 1;
      let escaped = false;
      for (i = start; i < n; i++) {
        const d = raw[i];
        if (d === BACKSLASH) {
          escaped = true;
          i++;
        } else if (d === QUOTE) break;
      }
      // Only keys at depths 1 and 2 matter; other strings are skipped without decoding.
      lastString = depth <= 2 ? keyText(raw, start, i, escaped) : undefined;
    } else if (c === COLON) {
      keys[depth] = lastString;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (current && depth === 3 && c === OPEN_OBJECT) current.items.push(i);
      depth++;
      if (c === OPEN_ARRAY && depth === 3 && keys[1] === 'alignment' && keys[2] === 'items') {
        current = { open: i, items: [] };
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (current && depth === 3) {
        found = { ...current, close: i };
        current = undefined;
      }
      keys[depth] = undefined;
      depth--;
    }
  }
  return found;
}

const ID_HEAD = Buffer.from('"id":"');
const ID_TAIL = Buffer.from('",');

/**
 * The items as JSON bytes: the raw `[...]` of the body with `"id":"…",` after the `{` of each
 * item that had no id (`newIds[i]`, undefined where the item kept its own). New ids are ours:
 * ASCII letters, digits, `_` and `-`, nothing to escape. Undefined when the raw bytes do not line
 * up with the parsed items (the caller then re-encodes them).
 */
export function spliceIds(
  raw: Uint8Array,
  itemCount: number,
  newIds: readonly (string | undefined)[],
): Buffer | undefined {
  const found = itemOffsets(raw);
  if (!found || found.items.length !== itemCount) return undefined;
  let extra = 0;
  for (const id of newIds)
    if (id !== undefined) extra += ID_HEAD.length + id.length + ID_TAIL.length;
  const out = Buffer.allocUnsafeSlow(found.close + 1 - found.open + extra);
  // Short segments: `set` of a subarray view is the cheapest native copy for ~100 bytes.
  let to = 0;
  let from = found.open;
  const head = ID_HEAD.length;
  const tail = ID_TAIL.length;
  for (let i = 0; i < itemCount; i++) {
    const id = newIds[i];
    if (id === undefined) continue;
    const at = (found.items[i] as number) + 1;
    out.set(raw.subarray(from, at), to);
    to += at - from;
    from = at;
    out.set(ID_HEAD, to);
    to += head;
    for (let k = 0; k < id.length; k++) out[to++] = id.charCodeAt(k);
    out.set(ID_TAIL, to);
    to += tail;
  }
  out.set(raw.subarray(from, found.close + 1), to);
  to += found.close + 1 - from;
  return to === out.length ? out : undefined;
}
