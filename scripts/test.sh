#!/usr/bin/env bash
# npm test: every suite. Type check, then the Vitest projects (unit, component, API on PGlite
# and on a real PostgreSQL) run while the production build is made; then the browser suite
# runs against that build. Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
bash scripts/ensure-system-packages.sh || exit 1

echo "== type check"
npx tsc -b || exit 1

echo "== vitest (unit, dom, api-pglite, api-postgres) and production build"
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json &
vitest_pid=$!
npm run build --silent > .tmp/build.log 2>&1
build_status=$?
wait $vitest_pid
vitest_status=$?
if [ $build_status -ne 0 ]; then cat .tmp/build.log; echo "build failed"; exit 1; fi

echo "== playwright (Chromium, real service worker)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.tmp/playwright.json" npx playwright test --config tests/e2e/playwright.config.ts --reporter=list,json
playwright_status=$?

node scripts/test-summary.mjs .tmp/vitest.json .tmp/playwright.json
[ $vitest_status -eq 0 ] && [ $playwright_status -eq 0 ]
