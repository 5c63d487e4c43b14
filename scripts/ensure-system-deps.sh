#!/usr/bin/env bash
# Makes sure Chromium and its headless shell (for Playwright), the PostgreSQL server binaries (for the API tests
# against a real server), Dovecot (for the email-in tests) and HAProxy (for the two-server
# operations suite) are present. On Debian as root it installs them with apt-get, as
# `playwright install --with-deps` would; elsewhere it says how and fails.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
# The end-to-end tests' browser: the headless shell of the same Chromium (docs/adr/0270).
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
[ -n "$(pg_bin)" ] && [ -x "$(pg_bin)/initdb" ] || need+=(postgresql postgresql-contrib)
# Dovecot for the email-in tests (started on loopback by tests/support/dovecot.ts; Debian's own service is not used).
[ -x /usr/sbin/dovecot ] || need+=(dovecot-imapd)
# HAProxy for the two-server suite (started on loopback by tests/ops; Debian's own service is not used).
[ -x /usr/sbin/haproxy ] || need+=(haproxy)

if [ ${#need[@]} -eq 0 ]; then exit 0; fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${need[*]} from Debian packages…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  # The package enables its system service; the tests start their own Dovecot, so keep the service off.
  if [[ " ${need[*]} " == *" dovecot-imapd "* ]] && command -v systemctl >/dev/null 2>&1; then
    systemctl disable --now dovecot >/dev/null 2>&1 || true
  fi
  if [[ " ${need[*]} " == *" haproxy "* ]]; then
    if command -v systemctl >/dev/null 2>&1; then systemctl disable --now haproxy >/dev/null 2>&1 || true; fi
    # Without systemd the package's init script may have started it: stop that one too.
    if [ -x /etc/init.d/haproxy ]; then /etc/init.d/haproxy stop >/dev/null 2>&1 || true; fi
  fi
  exit 0
fi

echo "Missing: ${need[*]}." >&2
echo "Install them with: sudo apt-get install -y ${need[*]}" >&2
exit 1
