// Shared by the scripts that make sure a Debian tool is there (ensure-aligner-tools.mjs,
// ensure-ffmpeg.mjs): when `present()` is false and this runs as root with apt-get, installs
// `packages` here and now; when still missing, prints `missing` with the command to run. Never
// throws: the caller goes on, and what needs the tool says so.
import { execSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** An executable named `name` in a folder of PATH. */
export function onPath(name) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * @param {{ label: string, packages: string, present: () => boolean, missing: string }} tool
 *   `label` prefixes every message; `missing` ends with "To install …:", the command follows.
 */
export function ensureDebianPackages({ label, packages, present, missing }) {
  if (present()) return;
  const install = `apt-get update && apt-get install -y --no-install-recommends ${packages}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`${label}: installing Debian's ${packages} (${install})`);
    try {
      execSync(install, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (error) {
      console.warn(`${label}: the install failed (${error.message})`);
    }
  }
  if (!present()) console.warn(`${label}: ${missing}\n  sudo ${install}`);
}
