// Makes sure lyrics sync has its recogniser: Debian's pocketsphinx + the English model + espeak-ng
// (docs/adr/0009-forced-alignment-engine.md). When missing and running as root with apt-get, installs
// them here and now; otherwise says what to run. Never fails the caller: without the tools, lyrics
// sync falls back to the energy aligner and the task output says so.
import { execSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const PACKAGES = 'pocketsphinx pocketsphinx-en-us espeak-ng';
const INSTALL = `apt-get update && apt-get install -y --no-install-recommends ${PACKAGES}`;

function onPath(name) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const present = () =>
  onPath('pocketsphinx_continuous') &&
  onPath('espeak-ng') &&
  existsSync('/usr/share/pocketsphinx/model/en-us/en-us/mdef');

if (!present()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`lyrics sync: installing Debian's ${PACKAGES} (${INSTALL})`);
    try {
      execSync(INSTALL, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (error) {
      console.warn(`lyrics sync: the install failed (${error.message})`);
    }
  }
  if (!present()) {
    console.warn(
      `lyrics sync: pocketsphinx, its English model or espeak-ng is missing, so lyrics sync will use the ` +
        `less accurate energy aligner. To install them:\n  sudo ${INSTALL}`,
    );
  }
}
