#!/usr/bin/env bash
# Every test suite, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== type check"; npx tsc
echo "== unit tests"; npx vitest run --project unit
echo "== integration tests"; npx vitest run --project integration
echo "== browser tests"; bash scripts/ensure-chromium.sh; npx playwright test
