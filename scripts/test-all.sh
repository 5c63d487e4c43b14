#!/usr/bin/env bash
# The one test command (npm test): type check, lint, unit/machine/view tests, API tests on the
# embedded PostgreSQL server and on Debian's PostgreSQL 15, the production build, and the
# end-to-end tests in Chromium against the server started as `npm start` starts it.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s (at %dm%02ds)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

step "System packages (Chromium, PostgreSQL, Dovecot, HAProxy)"
bash scripts/ensure-system-deps.sh

step "Type check"
npx tsc -p tsconfig.json --noEmit

step "Lint"
npx eslint --max-warnings 0 .

pgdir=$(mktemp -d /tmp/cc-pg-XXXXXX)
trap 'bash scripts/test-postgres.sh stop "$pgdir"' EXIT
eval "$(bash scripts/test-postgres.sh start "$pgdir")"

# The API tests include the two-server operations suite (tests/ops: two app servers behind HAProxy on PostgreSQL 15).
step "Unit, machine, view and API tests (embedded PostgreSQL 18 and PostgreSQL 15)"
npx vitest run

step "Build"
npx vite build

step "Bundle budgets (QUALITY.md)"
node --import tsx scripts/bundle-size.ts

step "End-to-end tests (Chromium)"
npx playwright test

step "All passed"
