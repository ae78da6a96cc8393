import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findOnPath } from './decode';
import { isSpoken, pronounce, spokenForm } from './pronounce';

const dir = mkdtempSync(join(tmpdir(), 'pronounce-'));
const dict = join(dir, 'test.dict');
writeFileSync(dict, "monkey M AH NG K IY\nshines SH AY N Z\nyou're Y UH R\nyou're(2) Y AO R\n");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('spokenForm / isSpoken', () => {
  it('lower-cases, straightens apostrophes, strips outer punctuation', () => {
    expect(spokenForm('“You’re,')).toBe("you're");
    expect(spokenForm('go.')).toBe('go');
    expect(isSpoken('—')).toBe(false);
    expect(isSpoken('42')).toBe(true);
  });
});

describe('pronounce', () => {
  it('takes the dictionary (with variants) and builds compounds from their parts', async () => {
    const got = await pronounce(["you're", 'monkey-shines'], dict);
    expect(got.get("you're")).toEqual({
      variants: [
        ['Y', 'UH', 'R'],
        ['Y', 'AO', 'R'],
      ],
      source: 'dictionary',
    });
    expect(got.get('monkey-shines')?.variants[0]?.join(' ')).toBe('M AH NG K IY SH AY N Z');
  });

  it.skipIf(!findOnPath('espeak-ng'))(
    'gives words missing from the dictionary letter-to-sound phones',
    async () => {
      const got = await pronounce(['zorbulon'], dict);
      expect(got.get('zorbulon')?.source).toBe('letter-to-sound');
      expect(got.get('zorbulon')?.variants[0]?.[0]).toBe('Z');
    },
  );

  it.skipIf(!findOnPath('espeak-ng'))(
    "pronounces another language by eSpeak-NG's rules for it, never by the English dictionary",
    async () => {
      // "monkey" is in the test dictionary; in German it is read by German rules.
      const got = await pronounce(['monkey', 'schön'], dict, 'de', 'de');
      expect(got.get('monkey')?.source).toBe('letter-to-sound');
      expect(got.get('schön')?.variants[0]?.join(' ')).toBe('SH ER N');
    },
  );

  it('never drops a word, even without eSpeak-NG', async () => {
    const path = process.env.PATH;
    process.env.PATH = '';
    try {
      const got = await pronounce(['qwzx'], dict);
      expect(got.get('qwzx')?.source).toBe('spelling');
      expect(got.get('qwzx')?.variants[0]?.length).toBeGreaterThan(0);
    } finally {
      process.env.PATH = path;
    }
  });
});
