#!/usr/bin/env bash
# npm test: every suite. The type check, the Vitest projects (unit, dom, API on PGlite, on a real
# PostgreSQL and on an object store) and the production build run at once; then the browser suite
# runs against that build. Ends with each failure by name, one "N passed, N failed" line and the
# time each phase took.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
rm -f .tmp/*.seconds
# Every Node process of the run (the type check, Vitest, dozens of server processes and commands,
# Playwright) keeps its compiled code, and its type-stripped TypeScript, for the next one to load.
export NODE_COMPILE_CACHE="$PWD/.tmp/node-compile-cache"
started=$(date +%s)
# timed NAME COMMAND...: runs COMMAND and notes how long it took in .tmp/NAME.seconds.
timed() {
  local name=$1 since
  since=$(date +%s)
  shift
  "$@"
  local status=$?
  echo "$name $(($(date +%s) - since)) s" > ".tmp/$name.seconds"
  return $status
}

timed system-packages bash scripts/ensure-system-packages.sh || exit 1

echo "== type check, vitest (unit, dom, api-pglite, api-postgres, api-s3) and production build, at once"
timed type-check npx tsc -b > .tmp/tsc.log 2>&1 &
tsc_pid=$!
timed vitest npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json &
vitest_pid=$!
timed build npm run build --silent > .tmp/build.log 2>&1
build_status=$?
wait $tsc_pid
tsc_status=$?
cat .tmp/tsc.log
wait $vitest_pid
vitest_status=$?
if [ $build_status -ne 0 ]; then cat .tmp/build.log; echo "build failed"; exit 1; fi

echo "== playwright (Chromium, real service worker)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.tmp/playwright.json" timed playwright npx playwright test --config tests/e2e/playwright.config.ts --reporter=list,json
playwright_status=$?

node scripts/test-summary.mjs .tmp/vitest.json .tmp/playwright.json
echo "time: $(cat .tmp/{system-packages,type-check,build,vitest,playwright}.seconds 2>/dev/null | paste -sd, | sed 's/,/ · /g') · total $(($(date +%s) - started)) s"
[ $tsc_status -eq 0 ] && [ $vitest_status -eq 0 ] && [ $playwright_status -eq 0 ]
