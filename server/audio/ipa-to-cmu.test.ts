import { describe, expect, it } from 'vitest';
import { ipaToCmu } from './ipa-to-cmu';

describe('ipaToCmu', () => {
  it.each([
    ['mˈʌŋkɪʃˌa\u200dɪnz', 'M AH NG K IH SH AY N Z'],
    ['fˈoːɹɾi tˈuː', 'F AO R T IY T UW'],
    ['bˈɛɾɚ', 'B EH T ER'],
    ['dʒˈʌmp', 'JH AH M P'],
    ['θˈɪŋz', 'TH IH NG Z'],
  ])('%s -> %s', (ipa, phones) => {
    expect(ipaToCmu(ipa).join(' ')).toBe(phones);
  });
});

describe('ipaToCmu in other languages', () => {
  it.each([
    // German "ich", "schön", "läuft"; French "brun", "rouge"; Spanish "atraviesa", "extraña".
    ['de', 'ˈɪç', 'IH HH'],
    ['de', 'ʃˈøːn', 'SH ER N'],
    ['de', 'lˈɔøft', 'L OY F T'],
    ['fr', 'bʁˈœ̃', 'B R ER'],
    ['fr', 'ʁˈuʒ', 'R UW ZH'],
    ['es', 'ˌatɾaβjˈesa', 'AA T R AA B Y EH S AA'],
    ['es', 'ekstɾˈaɲa', 'EH K S T R AA N Y AA'],
    ['es', 'sˈoɪ', 'S OY'],
    ['nl', 'ʋˈaːrɔm', 'V AA R AO M'],
  ])('%s %s -> %s', (language, ipa, phones) => {
    expect(ipaToCmu(ipa, language).join(' ')).toBe(phones);
  });

  it('keeps the American flap as T in English only', () => {
    expect(ipaToCmu('bˈɛɾɚ').join(' ')).toBe('B EH T ER');
    expect(ipaToCmu('pˈeɾo', 'es').join(' ')).toBe('P EH R OW');
  });
});
