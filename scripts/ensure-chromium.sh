#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for the browser tests (Playwright cannot download its own here).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium introuvable : installation du paquet Debian chromium…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$chromium_path" ] && exit 0
fi
echo "Chromium introuvable à $chromium_path : installez-le (sudo apt-get install chromium) ou indiquez son chemin dans CHROMIUM_PATH." >&2
exit 1
