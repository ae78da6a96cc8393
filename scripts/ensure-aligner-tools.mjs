// Makes sure lyrics sync has its recogniser: Debian's pocketsphinx + the English model + espeak-ng
// (docs/adr/0009-forced-alignment-engine.md). When missing and running as root with apt-get, installs
// them here and now; otherwise says what to run. Never fails the caller: without the tools, lyrics
// sync falls back to the energy aligner and the task output says so.
import { existsSync } from 'node:fs';
import { ensureDebianPackages, onPath } from './ensure-debian.mjs';

ensureDebianPackages({
  label: 'lyrics sync',
  packages: 'pocketsphinx pocketsphinx-en-us espeak-ng',
  present: () =>
    onPath('pocketsphinx_continuous') &&
    onPath('espeak-ng') &&
    existsSync('/usr/share/pocketsphinx/model/en-us/en-us/mdef'),
  missing:
    'pocketsphinx, its English model or espeak-ng is missing, so lyrics sync will use the less ' +
    'accurate energy aligner. To install them:',
});
