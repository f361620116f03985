#!/usr/bin/env bash
# Every test suite, in the order a failure is cheapest to find; each stage's time is printed at the end, failed or not.
set -euo pipefail
cd "$(dirname "$0")/.."
stages=()
started_at=$(date +%s)
report() {
  local status=$?
  echo "== stage times (s)"
  for line in "${stages[@]}"; do echo "  $line"; done
  echo "  total: $(($(date +%s) - started_at))"
  [ "$status" -eq 0 ] || echo "== failed (exit ${status})"
}
trap report EXIT
# stage NAME COMMAND...: runs COMMAND under a heading, and records how long it took.
stage() {
  local name="$1"
  shift
  echo "== ${name}"
  local begin
  begin=$(date +%s)
  "$@"
  stages+=("${name}: $(($(date +%s) - begin))")
}
readme_length() {
  local lines
  lines=$(wc -l < README.md)
  echo "README.md: ${lines} lines (at most 350)"
  [ "$lines" -le 350 ]
}
lint_and_format() { npx eslint . --max-warnings=0 && npx prettier --check . --log-level=warn && readme_length; }
tools() { bash scripts/ensure-tool.sh java && bash scripts/ensure-tool.sh postgres && bash scripts/ensure-tool.sh chromium; }

stage "type check" npx tsc
stage "lint and format" lint_and_format
stage "unit" npx vitest run --project unit
stage "build" npm run build --silent
stage "budgets" npx tsx scripts/budgets.ts
stage "Debian tools" tools
# HTML checked by the W3C Nu checker, races on a real Postgres among them.
stage "integration" npx vitest run --project integration
stage "Deno (edge functions: check, lint, test)" npm run --silent test:functions
# The browser stage serves the build above (scripts/e2e-server.sh builds only when asked to).
stage "browser" env E2E_BUILT=1 npx playwright test
