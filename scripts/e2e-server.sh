#!/usr/bin/env bash
# The production build on a fresh embedded database, as the browser tests see it.
#   e2e-server.sh PORT            build (unless E2E_BUILT=1: npm test built it just before), then serve
#   e2e-server.sh PORT --failing  serve the existing build with hosted Supabase configured but unreachable
#   e2e-server.sh PORT --brands N serve the existing build with N synthetic brands added to the catalogue
set -euo pipefail
port="${1:-3100}"
mode="${2:-}"
data_dir=".cache/e2e-data-${port}"
rm -rf "$data_dir"
# The database a first start would make, copied from the tests' migrated template instead of made again.
npx tsx tests/support/template-cli.ts "$data_dir"
# OWNER_PASSWORD: the one of tests/e2e/servers.ts.
common=(NODE_ENV=production PORT="$port" DATA_DIR="$data_dir" SITE_URL="http://127.0.0.1:${port}" CONTACT_RATE_LIMIT_MAX=1000 CONTACT_NETWORK_LIMIT_PER_HOUR=100000
  OWNER_PASSWORD=e2e-gestion-mot-de-passe)
# The command of `npm run serve`, without npm in between: the production server, with its Node options.
read -ra serve <<< "$(node -p 'require("./package.json").scripts.serve')"
if [ "$mode" = "--failing" ]; then
  # Port 9 (discard) is closed on loopback: every call to the backend fails at once.
  secret() { head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'; }
  exec env "${common[@]}" SUPABASE_URL=http://127.0.0.1:9 SUPABASE_ANON_KEY=unreachable SESSION_SECRET="$(secret)" CONTACT_CLIENT_KEY_SECRET="$(secret)" \
    "${serve[@]}"
fi
if [ "$mode" = "--brands" ]; then
  npx tsx scripts/add-brands.ts "$data_dir" "${3:?nombre de marques}" >/dev/null
  exec env "${common[@]}" "${serve[@]}"
fi
[ "${E2E_BUILT:-}" = "1" ] && [ -f build/index.js ] || npm run build --silent >/dev/null
exec env "${common[@]}" "${serve[@]}"
