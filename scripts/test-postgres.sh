#!/usr/bin/env bash
# `npm run test:postgres`: the server's integration suite a second time, on PostgreSQL and an
# S3-compatible store (Ceph RADOS Gateway), as the vitest project `node-postgres`.
#
# With DATABASE_URL (and S3_*) already set it uses them. Otherwise it brings the real parts up with
# `npm run services -- up` (installing them on a fresh Debian machine; needs root) and, when it was
# the one that started them, stops them again at the end (their data stays under .services/).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${DATABASE_URL:-}" ]; then
  if [ "$(id -u)" != 0 ] && ! bash scripts/services.sh status 2>/dev/null; then
    echo "test:postgres: DATABASE_URL is not set and 'npm run services -- up' needs root." >&2
    echo "Run it once as root (or set DATABASE_URL and S3_* yourself), then run this again." >&2
    exit 1
  fi
  if ! bash scripts/services.sh status 2>/dev/null; then
    trap 'bash scripts/services.sh down' EXIT
  fi
  env_lines=$(bash scripts/services.sh up)
  eval "$env_lines"
fi

# The render tests need ffmpeg, the Noto fonts and tesseract (installed as root when missing).
node scripts/ensure-render-tools.mjs --ocr

npx vitest run --project node-postgres "$@"
