#!/usr/bin/env bash
# Makes the committed demo song and its ground truth (issue 3, "Demo data"):
#   server/seed/assets/demo-song.flac        ~50 s, 22.05 kHz stereo FLAC
#   server/seed/assets/demo-song.lyrics.txt  the lyrics, one line per line
#   server/seed/assets/demo-song.truth.json  AlignmentItems (line, word, subword, start, end, text)
# Needs espeak-ng, sox and node (Debian: apt-get install espeak-ng sox). The output is deterministic;
# the app and CI only use the committed files, this script documents how they were made.
# Usage: scripts/make-demo-song.sh [output-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in espeak-ng sox node; do
  command -v "$tool" >/dev/null || { echo "make-demo-song: $tool is needed on the PATH" >&2; exit 1; }
done
node scripts/demo-song/build.mjs "${1:-server/seed/assets}"
