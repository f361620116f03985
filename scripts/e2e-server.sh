#!/usr/bin/env bash
# The production build on a fresh embedded database, as the browser tests see it.
set -euo pipefail
port="${1:-3100}"
data_dir=".cache/e2e-data-${port}"
rm -rf "$data_dir"
npx remix build >/dev/null
exec env NODE_ENV=production PORT="$port" DATA_DIR="$data_dir" SITE_URL="http://127.0.0.1:${port}" \
  npx remix-serve ./build/index.js
