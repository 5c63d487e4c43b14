#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server on loopback for the tests and prints its URL.
# Usage: eval "$(scripts/test-postgres.sh start DIR)"; …; scripts/test-postgres.sh stop DIR
set -euo pipefail
cmd=${1:?start or stop}
dir=${2:?data folder}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as_pg() { if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$cmd" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = "0" ] && chown postgres "$dir"
    port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    as_pg "$bin/initdb" -D "$dir/db" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    as_pg "$bin/pg_ctl" -D "$dir/db" -l "$dir/log" -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c full_page_writes=off -c synchronous_commit=off" -w start >/dev/null
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -d "$dir/db" ] && as_pg "$bin/pg_ctl" -D "$dir/db" -m fast -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
esac
