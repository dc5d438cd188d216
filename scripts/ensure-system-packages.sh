#!/usr/bin/env bash
# Installs the Debian packages the test suites need when they are missing: Chromium and its
# headless shell for the browser tests, PostgreSQL for the API suite's real-server run and Caddy
# for its cluster test (tests/api/cluster.test.ts, the proxy in front of two instances); and any
# package named as an argument whose command of the same name is missing (`npm run bench` asks for
# wrk). One apt run, before any suite starts (two apt runs at once would fight over dpkg's lock).
# No service is started by the install: the suites start their own PostgreSQL and Caddy on free
# loopback ports (Debian's caddy would otherwise start on port 80 where systemd runs).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
[ -x /usr/bin/caddy ] || missing+=(caddy)
for package in "$@"; do
  command -v "$package" >/dev/null || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing ${missing[*]} (Debian packages)…"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
# invoke-rc.d and deb-systemd-invoke ask policy-rc.d whether to start a service: 101 is "no".
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
  $SUDO chmod 755 /usr/sbin/policy-rc.d
  trap '$SUDO rm -f /usr/sbin/policy-rc.d' EXIT
fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
