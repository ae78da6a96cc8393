// Makes sure the service can render karaoke videos (issue 23, docs/adr/0016): Debian's ffmpeg
// (with libass) and the Noto fonts for every script (fonts-noto-core, fonts-noto-cjk: no tofu in
// CJK, Cyrillic, Arabic or Hebrew lyrics). With `--ocr` also tesseract-ocr, which the render tests
// use to read frames. When missing and running as root with apt-get, installs them here and now;
// otherwise says what to run. Never fails the caller: a render without ffmpeg fails with that
// reason, and the render tests say what is missing.
import { existsSync } from 'node:fs';
import { ensureDebianPackages, onPath } from './ensure-debian.mjs';

ensureDebianPackages({
  label: 'video rendering',
  packages: 'ffmpeg fonts-noto-core fonts-noto-cjk fonts-dejavu-core fontconfig',
  present: () =>
    onPath('ffmpeg') &&
    onPath('fc-list') &&
    existsSync('/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf') &&
    existsSync('/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf') &&
    existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc') &&
    // The style editor offers DejaVu Sans, Serif and Sans Mono (src/contract/style-fields.ts).
    existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'),
  missing:
    'ffmpeg or the Noto fonts are missing, so video exports will fail or draw other scripts as boxes. To install them:',
});

if (process.argv.includes('--ocr')) {
  ensureDebianPackages({
    label: 'render tests',
    packages: 'tesseract-ocr tesseract-ocr-eng',
    present: () =>
      onPath('tesseract') && existsSync('/usr/share/tesseract-ocr/5/tessdata/eng.traineddata'),
    missing: 'tesseract is missing, so the render tests cannot read frames. To install it:',
  });
}
