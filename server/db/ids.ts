import { randomBytes } from 'node:crypto';

/** Readable, sortable-enough ids: a type prefix and 16 random base32 characters. */
export function newId(prefix: string): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(16);
  let out = '';
  for (const byte of bytes) out += alphabet[byte & 31];
  return `${prefix}_${out}`;
}

/** Revision tokens are opaque: a new random one on every change. */
export const newRevision = (): string => newId('rev');

export const nowIso = (): string => new Date().toISOString();
