// Makes sure ffmpeg (with libass) is on the PATH for the tests that hand our ASS, SubRip and WebVTT
// exports to a real reader (scripts/export-readers.test.ts); the service also uses it to decode
// video. When missing and running as root with apt-get, installs Debian's ffmpeg here and now;
// otherwise says what to run. Never fails the caller: the test itself says when ffmpeg is missing.
import { execSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const INSTALL = 'apt-get update && apt-get install -y --no-install-recommends ffmpeg';

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

if (!onPath('ffmpeg')) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`export tests: installing Debian's ffmpeg (${INSTALL})`);
    try {
      execSync(INSTALL, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (error) {
      console.warn(`export tests: the install failed (${error.message})`);
    }
  }
  if (!onPath('ffmpeg')) {
    console.warn(
      `export tests: ffmpeg is missing, so scripts/export-readers.test.ts will fail. To install it:\n  sudo ${INSTALL}`,
    );
  }
}
