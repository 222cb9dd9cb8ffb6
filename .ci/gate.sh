# Sourced by .ci/run: how its checks are scheduled side by side, and their verdict (proved by tests/ci/gate.test.ts).
# Under `set -e` bash ignores a failure inside an `&&` list (`$tests_ok && $checks_ok` let a failing suite through),
# so a verdict is an explicit exit here.

# require_passed "label=true|false" …: prints the failed labels and exits 1 unless every one is true.
require_passed() {
  local pair failed=()
  for pair in "$@"; do
    [ "${pair#*=}" = true ] || failed+=("${pair%%=*}")
  done
  if [ "${#failed[@]}" -gt 0 ]; then
    printf 'CI failed: %s\n' "${failed[@]}" >&2
    exit 1
  fi
}

# CPU seconds (user + system) of the finished children of the calling shell, in CPU; the file is scratch space.
# (`times` must run in that shell, not in a command substitution, which would count its own children.)
cpu_now() {
  times >"$1"
  CPU=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$1")
}

fmt() { local s=$1; if [ "$s" -ge 60 ]; then printf '%dm%02ds' $(( s / 60 )) $(( s % 60 )); else printf '%ds' "$s"; fi; }

# The jobs of run_checks: job id → pid of its background shell; a job's files are $logs/<id>.*. Each job's shell
# writes its id to the pipe $logs/ended (fd 3) when the job has ended: run_checks reads them there in the order they end.
declare -A pid_of=()
checks_started=0

# background <id> <command…>: runs the command in the background, in a process group of its own (stop_job stops it
# with every process it started), with its output in $logs/<id>.log; when it ends, $logs/<id>.time holds
# "<wall seconds> <exit code> <CPU seconds> <seconds after run_checks began>".
background() {
  local id=$1; shift
  (
    t0=$(date +%s); rc=0
    # Job control on just long enough to start the job as a process group of its own (off again, bash prints no job
    # notices); the job itself runs without it, so whatever it starts stays in its group.
    set -m
    (set +m; "$@") >"$logs/$id.log" 2>&1 </dev/null 3>&- &
    set +m
    echo "$!" >"$logs/$id.pgid"
    wait "$!" || rc=$?
    cpu_now "$logs/$id.times"
    echo "$(( $(date +%s) - t0 )) $rc $CPU $(( t0 - checks_started ))" >"$logs/$id.time"
    echo "$id" >&3
    exit "$rc"
  ) &
  pid_of[$id]=$!
}

# stop_job <id>: ends a running job and everything it started (the journeys' browsers, server and fakes).
stop_job() {
  local pid=${pid_of[$1]:-}
  [ -n "$pid" ] || return 0
  # A job started a moment ago may not have written its process group yet.
  while [ ! -s "$logs/$1.pgid" ] && kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  if [ -s "$logs/$1.pgid" ]; then
    touch "$logs/$1.stopped"
    kill -TERM -- "-$(cat "$logs/$1.pgid")" 2>/dev/null || true
  fi
}

# sweep_job <id>: once a stopped job has ended, kills what is left of its process group (a process started at the very
# moment of the stop escapes the TERM).
sweep_job() {
  if [ -e "$logs/$1.stopped" ]; then kill -KILL -- "-$(cat "$logs/$1.pgid")" 2>/dev/null || true; fi
}

# stop_jobs: ends every job still running (the run was interrupted, or ended early).
stop_jobs() {
  local id
  for id in "${!pid_of[@]}"; do stop_job "$id"; done
  wait 2>/dev/null || true
  for id in "${!pid_of[@]}"; do sweep_job "$id"; done
}

# report_job <id> <label>: prints a finished job's output and adds its row to the stage table (sub_rows).
report_job() {
  local id=$1 label=$2 secs rc cpu from verdict
  read -r secs rc cpu from <"$logs/$id.time"
  echo; echo "--- $label (output) ---"; cat "$logs/$id.log"
  if [ "$rc" -eq 0 ]; then verdict=passed
  elif [ -e "$logs/$id.stopped" ]; then verdict="stopped: a check failed"
  else verdict="FAILED, exit $rc"; fi
  sub_rows+=("  $label|$secs|$cpu|from $(fmt "$from"), $verdict")
}

# run_checks: the unit tests, lint and the build start at once; the journeys and the typecheck start as soon as the
# build has passed (the journeys run on its output, the typecheck reads the route types it wrote). Each job's output is
# printed when it ends. Any failed job fails the run; a failed check also stops the journeys (or keeps them from
# starting), since they could no longer make the run pass. The caller defines the jobs: ci_tests, ci_lint, ci_build,
# ci_typecheck and ci_e2e.
run_checks() {
  local rc id failed=false verdict=()
  declare -A ran=()
  declare -A ok=([tests]=false [lint]=false [build]=false [typecheck]=false [e2e]=false)
  declare -A labels=([tests]="unit tests" [lint]="lint" [build]="build" [typecheck]="typecheck (tsc, after the build)"
    [e2e]="e2e (Playwright, after the build)")
  checks_started=$(date +%s)
  rm -f "$logs/ended"; mkfifo "$logs/ended"
  exec 3<>"$logs/ended"
  background tests ci_tests
  background lint ci_lint
  background build ci_build
  while [ "${#pid_of[@]}" -gt 0 ]; do
    read -r id <&3
    rc=0; wait "${pid_of[$id]}" || rc=$?
    unset "pid_of[$id]"
    sweep_job "$id"
    report_job "$id" "${labels[$id]}"
    [ -e "$logs/$id.stopped" ] || ran[$id]=true
    if [ "$rc" -eq 0 ]; then ok[$id]=true
    elif [ "$id" != e2e ]; then failed=true; stop_job e2e; fi
    if [ "$id" = build ] && [ "$rc" -eq 0 ]; then
      background typecheck ci_typecheck
      if $failed; then sub_rows+=("  ${labels[e2e]}|||not run: a check failed")
      else background e2e ci_e2e; fi
    elif [ "$id" = build ]; then
      sub_rows+=("  ${labels[typecheck]}|||not run: the build failed" "  ${labels[e2e]}|||not run: the build failed")
    fi
  done
  # A job that was stopped or never started has no verdict of its own: the failure that stopped it is in the list.
  for id in tests lint build typecheck e2e; do
    if [ -n "${ran[$id]:-}" ]; then verdict+=("$id=${ok[$id]}"); fi
  done
  exec 3>&-
  require_passed "${verdict[@]}"
}
