#!/usr/bin/env bash
# Installs the Debian packages the test suites need when they are missing: Chromium and its
# headless shell for the browser tests, PostgreSQL for the API suite's real-server run and nginx
# for its cluster test (tests/api/cluster.test.ts, the proxy in front of two instances); and any package named as an
# argument whose command of the same name is missing (`npm run bench` asks for wrk). One apt run,
# before any suite starts (two apt runs at once would fight over dpkg's lock).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
for package in "$@"; do
  command -v "$package" >/dev/null || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing ${missing[*]} (Debian packages)…"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
