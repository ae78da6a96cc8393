// Makes sure ffmpeg (with libass) is on the PATH for the tests that hand our ASS, SubRip and WebVTT
// exports to a real reader (scripts/export-readers.test.ts); the service also uses it to decode
// video. When missing and running as root with apt-get, installs Debian's ffmpeg here and now;
// otherwise says what to run. Never fails the caller: the test itself says when ffmpeg is missing.
import { ensureDebianPackages, onPath } from './ensure-debian.mjs';

ensureDebianPackages({
  label: 'export tests',
  packages: 'ffmpeg',
  present: () => onPath('ffmpeg'),
  missing: 'ffmpeg is missing, so scripts/export-readers.test.ts will fail. To install it:',
});
