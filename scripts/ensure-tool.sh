#!/usr/bin/env bash
# Makes sure a program from Debian's packages is there for the tests (none of them can download its own here).
#   ensure-tool.sh chromium   Debian's Chromium for the browser tests (or the one at CHROMIUM_PATH)
#   ensure-tool.sh java       a Java runtime for the W3C HTML checker (vnu-jar)
#   ensure-tool.sh postgres   Debian's Postgres server for the tests that need one (its binaries are not on PATH)
set -euo pipefail
case "${1:-}" in
  chromium) program="${CHROMIUM_PATH:-/usr/bin/chromium}"; package=chromium ;;
  java) program=java; package=default-jre-headless ;;
  postgres) program="/usr/lib/postgresql/*/bin/initdb"; package=postgresql ;;
  *) echo "usage: ensure-tool.sh chromium|java|postgres" >&2; exit 2 ;;
esac
found() {
  # shellcheck disable=SC2086 # the glob of the Postgres binaries is meant to expand
  for candidate in $program; do [ -x "$candidate" ] && return 0; done
  command -v "$program" >/dev/null 2>&1
}
if found; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "$1 introuvable : installation du paquet Debian $package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
  if found; then exit 0; fi
fi
echo "$1 introuvable ($program) : installez le paquet $package (sudo apt-get install $package)." >&2
exit 1
