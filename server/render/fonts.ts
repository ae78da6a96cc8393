import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The family drawn when the style's is not installed (fonts-noto-core). */
export const FALLBACK_FAMILY = 'Noto Sans';

/**
 * Scripts Noto Sans has no glyphs for, and the Noto family that has them (fonts-noto-core,
 * fonts-noto-cjk). libass also falls back glyph by glyph through fontconfig; naming the family
 * makes a whole line take one face (no mixed metrics) and never tofu.
 */
const SCRIPT_FAMILIES: readonly [RegExp, string][] = [
  [/[\u3040-\u30ff\u31f0-\u31ff]/u, 'Noto Sans CJK JP'],
  [/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u, 'Noto Sans CJK KR'],
  [/[\u2e80-\u2fff\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/u, 'Noto Sans CJK SC'],
  [/[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u, 'Noto Sans Arabic'],
  [/[\u0590-\u05ff\ufb1d-\ufb4f]/u, 'Noto Sans Hebrew'],
  [/[\u0900-\u097f]/u, 'Noto Sans Devanagari'],
  [/[\u0e00-\u0e7f]/u, 'Noto Sans Thai'],
  [/[\u0980-\u09ff]/u, 'Noto Sans Bengali'],
  [/[\u0b80-\u0bff]/u, 'Noto Sans Tamil'],
  [/[\u10a0-\u10ff]/u, 'Noto Sans Georgian'],
  [/[\u0530-\u058f]/u, 'Noto Sans Armenian'],
  [/[\u0370-\u03ff]/u, 'Noto Sans'],
];

let families: Promise<Set<string>> | undefined;

/** Installed font families, lower-cased (fontconfig's list, read once). */
export function installedFamilies(): Promise<Set<string>> {
  families ??= run('fc-list', [':', 'family'], { maxBuffer: 8 * 1024 * 1024 })
    .then(({ stdout }) => {
      const set = new Set<string>();
      for (const line of stdout.split('\n')) {
        for (const name of line.split(',')) if (name.trim()) set.add(name.trim().toLowerCase());
      }
      return set;
    })
    .catch(() => new Set<string>());
  return families;
}

/**
 * The family to draw `text` in: the style's when installed, else Noto Sans (`fellBack`); a script
 * that family lacks (CJK, Arabic, Hebrew, …) takes its Noto family when the style's is a Noto Sans
 * or unknown.
 */
export function familyFor(
  requested: string,
  text: string,
  installed: ReadonlySet<string>,
): { family: string; fellBack: boolean } {
  const known = installed.has(requested.trim().toLowerCase());
  const base = known ? requested.trim() : FALLBACK_FAMILY;
  if (!known || /^noto sans$/i.test(base)) {
    for (const [pattern, family] of SCRIPT_FAMILIES) {
      if (pattern.test(text) && installed.has(family.toLowerCase())) {
        return { family, fellBack: !known };
      }
    }
  }
  return { family: base, fellBack: !known };
}
