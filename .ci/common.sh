# Shared by `.ci/run` and `.ci/slow`: the steps' printing, `stage` (test runs side by side, each
# logged whole when it ends, the summary of every Vitest run), and what a bare machine lacks:
# Debian's chromium, Java for the Nu HTML Checker, the packages, PostgreSQL and its `test` database.
# Sourced from the repository's root with `set -euo pipefail`.
export CI=true

step() { printf '\n=== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }
results=$(mktemp)
logs=$(mktemp -d)
# awk alone, no grep: a pattern that matches nothing must not fail the run under pipefail.
count() {
  sed -e 's/\x1b\[[0-9;]*m//g' "$results" |
    awk -v word="$1" '/^ +Tests +[0-9]/ { for (i = 2; i <= NF; i++) if ($i == word) s += $(i - 1) } END { print s + 0 }'
}
summary() { echo "$(count passed) passed, $(count failed) failed"; }

# `stage "title A" 'commands A' "title B" 'commands B' …`: runs each in the background, its
# output in a log of its own, then prints the logs in order (each step's lines together) and
# keeps their test lines for the summary. Any failing step fails the run after its stage.
stage() {
  local pids=() files=() titles=() failed=0 i
  while (($#)); do
    titles+=("$1")
    files+=("$logs/${#files[@]}-$(date +%s%N).log")
    (eval "$2") >"${files[-1]}" 2>&1 &
    pids+=($!)
    shift 2
  done
  for i in "${!pids[@]}"; do
    local status=0
    wait "${pids[$i]}" || status=$?
    step "${titles[$i]} (exit $status)"
    tee -a "$results" <"${files[$i]}"
    ((status == 0)) || failed=1
  done
  if ((failed)); then
    summary
    exit 1
  fi
}

step "system packages"
if ! command -v chromium >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
chromium --version
# The built sites are checked by the Nu HTML Checker (vnu-jar), which runs on Java.
if ! command -v java >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null
fi
java -version 2>&1 | head -1

step "npm ci"
npm ci --no-audit --no-fund

step "PostgreSQL"
if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start || true
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
psql -h 127.0.0.1 -U postgres -tc "select 1 from pg_database where datname = 'test'" | grep -q 1 \
  || psql -h 127.0.0.1 -U postgres -c "create database test"

# The test runs copy their databases (a PGlite dump, a PostgreSQL template) per run, so runs
# side by side would never share one. But every run here keeps two cores busy by itself (read
# from /proc/stat), so a pair only fills the other's tail, and two test runs side by side
# starved tests that hold real timeouts (the slow suite's faults, a concurrency check): the
# test runs go one after another; only the static checks (one process each) run beside one.
PG='TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test'
