#!/usr/bin/env bash
# Every test suite, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
deno=(npx --yes deno@2.9.6)
echo "== type check"; npx tsc
echo "== lint and format"; npx eslint . --max-warnings=0; npx prettier --check . --log-level=warn
echo "== unit tests"; npx vitest run --project unit
echo "== build"; npx remix build
echo "== size budgets"; npx tsx scripts/budgets.ts
echo "== integration tests (HTML checked by the W3C Nu checker among them)"; bash scripts/ensure-tool.sh java
npx vitest run --project integration
echo "== edge functions (Deno)"
(cd supabase/functions \
  && "${deno[@]}" check send-contact-email/index.ts send-contact-email/handler.ts \
    record-code-feedback/index.ts record-code-feedback/handler.ts \
  && "${deno[@]}" test --no-prompt send-contact-email/ record-code-feedback/)
echo "== browser tests"; bash scripts/ensure-tool.sh chromium; npx playwright test
