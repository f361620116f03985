#!/usr/bin/env bash
# Every test suite, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== type check"; npx tsc
echo "== lint and format"; npx eslint . --max-warnings=0; npx prettier --check . --log-level=warn
echo "== README length"; lines=$(wc -l < README.md); echo "README.md: ${lines} lines (at most 350)"; [ "$lines" -le 350 ]
echo "== unit tests"; npx vitest run --project unit
echo "== build"; npm run build --silent
echo "== size budgets"; npx tsx scripts/budgets.ts
echo "== integration tests (HTML checked by the W3C Nu checker, races on a real Postgres among them)"
bash scripts/ensure-tool.sh java; bash scripts/ensure-tool.sh postgres
npx vitest run --project integration
echo "== edge functions (Deno: check, lint, test)"; npm run --silent test:functions
echo "== browser tests"; bash scripts/ensure-tool.sh chromium; npx playwright test
