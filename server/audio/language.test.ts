import { describe, expect, it } from 'vitest';
import { nonLatinShare, normalizeLanguage, recogniseLanguage, SYNC_LANGUAGES } from './language';

describe('normalizeLanguage', () => {
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['pt_BR', 'pt'],
    ['German', 'de'],
    ['español', 'es'],
    ['fra', 'fr'],
    ['ja', 'ja'],
    [' ', undefined],
    [null, undefined],
  ])('%s -> %s', (value, code) => {
    expect(normalizeLanguage(value)).toBe(code);
  });
});

describe('recogniseLanguage', () => {
  it.each([
    ['de', 'gerade denk ich mir wie schön das leben ist\nalles läuft gut wie gut das tut'],
    ['es', 'soy un fantasma que\nse asusta de si mismo\nun hueco dentro de otro hueco'],
    ['fr', 'je ne sais pas pourquoi tu es parti ce matin\net moi je reste là à attendre'],
    ['it', 'io non so perché sei partito stamattina\ne io resto qui ad aspettare'],
    ['pt', 'eu não sei por que você partiu esta manhã\ne eu fico aqui esperando'],
    ['nl', 'ik weet niet waarom je vanmorgen vertrok\nen ik blijf hier wachten'],
    ['en', "so far away from home so far away that I don't know where my home is"],
  ])('%s', (code, lyrics) => {
    expect(recogniseLanguage(lyrics).language).toBe(code);
    expect(SYNC_LANGUAGES[code]).toBeDefined();
  });
});

describe('nonLatinShare', () => {
  it('is the share of letters outside the Latin script', () => {
    expect(nonLatinShare('hello world')).toBe(0);
    expect(nonLatinShare('привет мир')).toBe(1);
    expect(nonLatinShare('— …')).toBe(0);
  });
});
