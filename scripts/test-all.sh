#!/usr/bin/env bash
# The one test command (npm test): type check, lint and the production build (side by side) with
# its bundle budgets, unit/machine/view tests, API tests on the embedded PostgreSQL server and on
# Debian's PostgreSQL 15, and the end-to-end tests in Chromium against the server started as `npm start` starts it.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s (at %dm%02ds)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

step "System packages (Chromium, PostgreSQL, Dovecot, HAProxy)"
bash scripts/ensure-system-deps.sh

# Type check, lint and the production build read the sources and write nothing the others read:
# they run side by side on the two cores (docs/adr/0245), each step's output shown when it ends.
step "Type check, lint and build, side by side"
logs=$(mktemp -d /tmp/cc-steps-XXXXXX)
declare -A pids
npx tsc -p tsconfig.json --noEmit >"$logs/type-check" 2>&1 & pids[type-check]=$!
npx eslint --max-warnings 0 . >"$logs/lint" 2>&1 & pids[lint]=$!
npx vite build >"$logs/build" 2>&1 & pids[build]=$!
failed=()
for name in type-check lint build; do
  if wait "${pids[$name]}"; then status=passed; else status=FAILED; failed+=("$name"); fi
  printf '\n-- %s %s (at %dm%02ds)\n' "$name" "$status" $((SECONDS / 60)) $((SECONDS % 60))
  cat "$logs/$name"
done
rm -rf "$logs"
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed: ${failed[*]}" >&2
  exit 1
fi

step "Bundle budgets (QUALITY.md)"
node --import tsx scripts/bundle-size.ts

pgdir=$(mktemp -d /tmp/cc-pg-XXXXXX)
trap 'bash scripts/test-postgres.sh stop "$pgdir"' EXIT
eval "$(bash scripts/test-postgres.sh start "$pgdir")"

# The API tests include the two-server operations suite (tests/ops: two app servers behind HAProxy on PostgreSQL 15).
step "Unit, machine, view and API tests (embedded PostgreSQL 18 and PostgreSQL 15)"
npx vitest run

step "End-to-end tests (Chromium)"
npx playwright test

step "All passed"
