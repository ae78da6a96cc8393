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
