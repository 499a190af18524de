# shellcheck shell=bash
# A throw-away PostgreSQL for the catalog tests. Source it (`source .ci/postgres.sh`): it
# installs PostgreSQL from the OS packages when its binaries are missing, initialises a cluster
# in a temporary folder as a non-root user, starts it on a free local port, creates a database
# and exports TWGP_TEST_POSTGRES_URL. The server is stopped and its folder removed on exit.
#
# A failure returns 1 (which stops a `set -e` caller) unless TWGP_CI_POSTGRES_OPTIONAL=1, in
# which case the variable stays unset and the PostgreSQL tests are skipped.

_twgp_pg_log() { echo "postgres.sh: $*" >&2; }

_twgp_pg_bindir() {
  local candidate
  # pg_ctl on PATH may be a symlink into the server's folder; Debian/Ubuntu keep the server
  # binaries out of PATH altogether.
  for candidate in \
    "$(dirname "$(readlink -f "$(command -v pg_ctl 2>/dev/null || echo /nonexistent)")")" \
    $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -rV); do
    if [[ -x "$candidate/pg_ctl" && -x "$candidate/initdb" && -x "$candidate/createdb" ]]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

_twgp_pg_install() {
  local sudo=""
  command -v apt-get >/dev/null 2>&1 || { _twgp_pg_log "no apt-get to install PostgreSQL"; return 1; }
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || { _twgp_pg_log "need root or sudo to install"; return 1; }
    sudo="sudo"
  fi
  _twgp_pg_log "installing PostgreSQL from the OS packages"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
}

_twgp_pg_free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

_twgp_pg_start() {
  local bindir user dir port run
  bindir=$(_twgp_pg_bindir) || { _twgp_pg_install && bindir=$(_twgp_pg_bindir); } || {
    _twgp_pg_log "PostgreSQL binaries not found"; return 1; }
  dir=$(mktemp -d "${TMPDIR:-/tmp}/twgp-pg.XXXXXX")
  run=()
  if [[ $(id -u) -eq 0 ]]; then  # initdb refuses to run as root
    user=twgp-ci-pg
    id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /bin/sh "$user"
    chown "$user" "$dir"
    if command -v runuser >/dev/null 2>&1; then run=(runuser -u "$user" --); else run=(su -s /bin/sh "$user" -c); fi
  fi
  port=$(_twgp_pg_free_port)
  _twgp_pg_as "${run[@]}" "$bindir/initdb" -D "$dir/data" -U twgp --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
    || { _twgp_pg_log "initdb failed:"; cat "$dir/initdb.log" >&2; return 1; }
  _twgp_pg_as "${run[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/data/server.log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null \
    || { _twgp_pg_log "the server did not start:"; cat "$dir/data/server.log" >&2; return 1; }
  TWGP_CI_POSTGRES_STOP="$(printf '%q ' "${run[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast stop) >/dev/null 2>&1; rm -rf $(printf '%q' "$dir")"
  trap 'eval "$TWGP_CI_POSTGRES_STOP"' EXIT
  "$bindir/createdb" -h 127.0.0.1 -p "$port" -U twgp twgp_test \
    || { _twgp_pg_log "createdb failed"; eval "$TWGP_CI_POSTGRES_STOP"; return 1; }
  export TWGP_TEST_POSTGRES_URL="postgresql+psycopg://twgp@127.0.0.1:$port/twgp_test"
  echo "TWGP_TEST_POSTGRES_URL=$TWGP_TEST_POSTGRES_URL"
}

# `su USER -c` wants one command string; runuser and no wrapper take the words as they are.
_twgp_pg_as() {
  if [[ "${1:-}" == su ]]; then
    local su_words=("$1" "$2" "$3" "$4" "$5")
    shift 5
    "${su_words[@]}" "$(printf '%q ' "$@")"
  else
    "$@"
  fi
}

if ! _twgp_pg_start; then
  if [[ "${TWGP_CI_POSTGRES_OPTIONAL:-0}" == 1 ]]; then
    _twgp_pg_log "continuing without PostgreSQL (its tests are skipped)"
  else
    _twgp_pg_log "no PostgreSQL for the tests (set TWGP_CI_POSTGRES_OPTIONAL=1 to skip them)"
    return 1 2>/dev/null || exit 1
  fi
fi
