#!/usr/bin/env bash
# The Slurm recipes of the documentation, run unchanged on a real (throwaway, one-node) Slurm:
#
#   bash tests/cluster/run.sh     (or: just cluster; .ci/run runs it with PATHSAT_REQUIRE_CLUSTER=1)
#
# It starts munged, slurmctld and slurmd as root from tests/cluster/slurm.conf, every path of
# theirs (munge socket and key, state, spool, logs, pid files) in a temporary directory and on
# two free ports, so that nothing global is touched; then, each step one line with the time:
#
# 1. docs/count-shards.sbatch submitted as its header says (`sbatch --array=1-8
#    --export=ALL,PUZZLE=...`, with --cpus-per-task and --mem lowered on the command line to
#    what the node has) counts the 7x7 board's open knight's paths in 8 shards, and
#    `pathsat merge --expect` adds the parts up to the published 165,575,218,320; the same array
#    submitted again runs nothing (each task finds its part), and an array of one shard without
#    SHARDS is refused (status 2) before it counts;
# 2. the `batch --shard I/N` array of docs/guide/batch.md (its command read from the page) over
#    all of fixtures/: each task exits as its rows say, and the reports of the 4 tasks, joined by
#    `pathsat batch merge`, have the rows of one `pathsat batch fixtures` run (times and
#    methods aside);
# 3. faults, each on an array of its own, shards 1 and 2 (whose tasks start together) hit
#    mid-count (their pathsat processes found through /proc, the fault sent once one has
#    counted for a third of its time, in CPU time):
#    a. killed: `scancel --signal=KILL` on an array task is a cancel, in which Slurm sends
#       SIGTERM first (and SIGKILL KillWait later): the shard saves its table (CANCELLED 1:0);
#       SIGKILL to the batch step (`scancel --signal=KILL --batch`, as a dying node would) leaves
#       no part and no checkpoint (FAILED 0:9; the first save is 10 minutes off); the two shards
#       submitted again alone (--array=I,J with SHARDS=8): one resumes, the other starts over;
#    b. `scontrol requeue` of the running task: Slurm sends it SIGTERM, it saves its table, and
#       the requeued task goes on from there (Restarts=1 in `scontrol show job`; both runs in
#       its log);
#    c. preempted (`scancel --signal=TERM --batch`, as Slurm's `--signal=B:TERM@600` of the
#       script does before --time): the task saves its table and exits with status 1 (FAILED
#       1:0), `merge` names the missing shard; the array submitted again resumes it, is killed
#       mid-count by SIGKILL, and submitted once more resumes from the same checkpoint;
#    every merged count exactly the published one.
# At the end, or on any failure or interrupt, it cancels the jobs and stops the daemons and
# every process of its jobs by process id. On a failure it keeps the temporary directory and
# prints the end of the daemons' logs.
#
# Needs Slurm and munge (Debian: apt-get install slurm-wlm munge), root, python3, and a release
# build of pathsat (target/release/pathsat, or PATHSAT_BIN), which the jobs find on PATH as
# `pathsat`. Without Slurm it says so and exits 0 (skipped), unless PATHSAT_REQUIRE_CLUSTER=1.
# The daemons run under `nice -n 19` (the jobs inherit it), and tests/cluster/task-prolog.sh
# gives each task's session the lowest priority too, so that the test yields to other work on
# the machine. PATHSAT_CLUSTER_KEEP=1 keeps the temporary directory.
set -euo pipefail
export PATH="$PATH:/usr/sbin:/sbin"
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
me=tests/cluster/run.sh
knight_count=165575218320
shards=8

# What the script says goes to its standard output and error as they were at the start (3 and 4),
# also from a function whose output is redirected when a trap calls it.
exec 3>&1 4>&2
say() {
  printf '[%s +%3ds] %s\n' "$(date -u +%H:%M:%S)" "$SECONDS" "$*" >&3
}
fail() {
  printf '%s: FAILED at +%ds: %s\n' "$me" "$SECONDS" "$*" >&4
  # Said once: a failure in a command substitution also fails the command around it.
  [ -z "${dir:-}" ] || touch "$dir/failed"
  exit 1
}
# A command of the script's body that fails where no check expected it (set -e) says where,
# unless fail said why (cleanup speaks for one in a function).
trap 'status=$?; [ -e "${dir:-/nonexistent}/failed" ] || fail "line $LINENO: a command failed (status $status)"; exit 1' ERR
skip() {
  if [ "${PATHSAT_REQUIRE_CLUSTER:-}" = 1 ]; then
    fail "$1 (and PATHSAT_REQUIRE_CLUSTER=1 requires the cluster test)"
  fi
  echo "$me: skipped: $1" >&3
  exit 0
}

missing=()
for tool in munged mungekey munge slurmctld slurmd sbatch scontrol squeue scancel sinfo python3; do
  command -v "$tool" > /dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  skip "Slurm is not installed (no ${missing[*]}; Debian: apt-get install slurm-wlm munge)"
fi
if [ "$(id -u)" != 0 ]; then
  skip "the test cluster's daemons run as root, and this is $(id -un)"
fi
pathsat_bin=${PATHSAT_BIN:-${CARGO_TARGET_DIR:-$repo/target}/release/pathsat}
[ -x "$pathsat_bin" ] || fail "no pathsat at $pathsat_bin: cargo build --release (or set PATHSAT_BIN)"

# --- The cluster -------------------------------------------------------------------------------

dir=$(mktemp -d "${TMPDIR:-/tmp}/pathsat-cluster.XXXXXX")
chmod 755 "$dir"
mkdir -p "$dir/munge" "$dir/key" "$dir/state" "$dir/spool" "$dir/run" "$dir/log" "$dir/bin"
chmod 755 "$dir/munge"
chmod 700 "$dir/key"
conf=$dir/slurm.conf
declare -A daemon_pid=()

# Every process of this run's jobs: slurmstepd (slurmd's environment) and the tasks (the
# submitter's, and SLURM_JOB_ID) carry SLURM_CONF=$conf in their environment.
job_processes() {
  local p comm environ
  for p in /proc/[0-9]*; do
    read -r comm 2> /dev/null < "$p/comm" || continue
    environ=$(tr '\0' '\n' 2> /dev/null < "$p/environ") || continue
    grep -qxF "SLURM_CONF=$conf" <<< "$environ" || continue
    if [ "$comm" = slurmstepd ] || grep -q '^SLURM_JOB_ID=' <<< "$environ"; then
      echo "${p#/proc/}"
    fi
  done
}

stop_pid() { # NAME PID: SIGTERM, then SIGKILL after 10 s
  local i
  kill -TERM "$2" 2> /dev/null || return 0
  for i in $(seq 100); do
    kill -0 "$2" 2> /dev/null || break
    sleep 0.1
  done
  if kill -0 "$2" 2> /dev/null; then
    say "stop: $1 (pid $2) still there after 10 s: SIGKILL"
    kill -KILL "$2" 2> /dev/null || true
  fi
  wait "$2" 2> /dev/null || true
}

cleanup() {
  local status=$? name pid left i
  set +e
  trap - ERR
  [ "$BASHPID" = $$ ] || exit "$status"
  if [ "$status" != 0 ] && [ ! -e "$dir/failed" ]; then
    printf '%s: FAILED at +%ds: a command failed (status %s), see above\n' "$me" "$SECONDS" "$status" >&4
  fi
  trap - EXIT INT TERM
  if [ "$status" != 0 ] && [ -d "$dir/log" ]; then
    for name in munged.out slurmctld.log slurmd.log; do
      if [ -s "$dir/log/$name" ]; then
        echo "--- the end of $dir/log/$name:" >&4
        grep -v 'Info: Unauthorized credential' "$dir/log/$name" | tail -n 15 >&4
      fi
    done
  fi
  if [ -n "${daemon_pid[slurmctld]:-}" ] && kill -0 "${daemon_pid[slurmctld]}" 2> /dev/null; then
    if [ -n "$(squeue -h -o %i 2> /dev/null)" ]; then
      say "stop: cancelling the jobs still there"
      scancel --quiet --user=root 2> /dev/null
      for i in $(seq 80); do
        [ -z "$(squeue -h -o %i 2> /dev/null)" ] && break
        sleep 0.5
      done
    fi
  fi
  for name in slurmd slurmctld munged; do
    pid=${daemon_pid[$name]:-}
    [ -n "$pid" ] && stop_pid "$name" "$pid"
  done
  left=$(job_processes)
  if [ -n "$left" ]; then
    say "stop: processes of the jobs left after slurmd: ${left//$'\n'/ }; SIGKILL"
    # shellcheck disable=SC2086
    kill -KILL $left 2> /dev/null
  fi
  if [ -n "${daemon_pid[*]}" ]; then
    say "stop: daemons stopped (pids ${daemon_pid[*]})"
  fi
  if [ "$status" != 0 ] || [ "${PATHSAT_CLUSTER_KEEP:-}" = 1 ]; then
    echo "$me: the run's files are kept in $dir" >&4
  else
    rm -rf "$dir"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'fail "interrupted"' INT TERM

# Two free TCP ports, for slurmctld and slurmd.
read -r ctld_port slurmd_port < <(python3 -c '
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in socks))')
host=$(hostname -s)
sed -e "s|@DIR@|$dir|g" -e "s|@REPO@|$repo|g" -e "s|@HOST@|$host|g" \
  -e "s|@CTLD_PORT@|$ctld_port|g" -e "s|@SLURMD_PORT@|$slurmd_port|g" \
  "$repo/tests/cluster/slurm.conf" > "$conf"
unfilled=$(grep -v '^#' "$conf" | grep -o '@[A-Z_]*@' | sort -u | tr '\n' ' ' || true)
[ -z "$unfilled" ] || fail "$conf: fields left unfilled: $unfilled"
export SLURM_CONF=$conf
ln -s "$pathsat_bin" "$dir/bin/pathsat"
export PATH="$dir/bin:$PATH"

wait_for() { # SECONDS WHAT COMMAND...: until COMMAND succeeds
  local limit=$1 deadline=$((SECONDS + $1)) what=$2
  shift 2
  until "$@" > /dev/null 2>&1; do
    [ "$SECONDS" -lt "$deadline" ] || fail "$what: not within $limit s"
    sleep 0.2
  done
}

start_daemon() { # NAME COMMAND...
  local name=$1
  shift
  nice -n 19 "$@" < /dev/null > "$dir/log/$name.out" 2>&1 3>&- 4>&- &
  daemon_pid[$name]=$!
}

say "cluster: $dir, host $host, slurmctld on port $ctld_port, slurmd on $slurmd_port, $(slurmd -V)"
mungekey --create --keyfile "$dir/key/munge.key" --bits 1024
start_daemon munged munged --foreground --socket="$dir/munge/munge.socket" \
  --key-file="$dir/key/munge.key" --log-file="$dir/log/munged.log" \
  --pid-file="$dir/run/munged.pid" --seed-file="$dir/key/munged.seed"
wait_for 10 "munged answering on $dir/munge/munge.socket" munge -S "$dir/munge/munge.socket" -n
start_daemon slurmctld slurmctld -D -f "$conf"
wait_for 20 "slurmctld answering (scontrol ping)" bash -c 'scontrol ping | grep -q UP'
start_daemon slurmd slurmd -D -f "$conf"
node_idle() { [ "$(sinfo -h -n "$host" -o %T)" = idle ]; }
wait_for 30 "the node $host idle (sinfo)" node_idle
say "cluster: up (munged ${daemon_pid[munged]}, slurmctld ${daemon_pid[slurmctld]}, slurmd ${daemon_pid[slurmd]}): $(sinfo -h -o '%P %a %D node, %c CPUs, %m MB, %T')"

# --- Helpers for jobs --------------------------------------------------------------------------

# The docs/count-shards.sbatch array as its header says, submitted from the current directory;
# the node has 2 CPUs and 2 GiB for jobs, so the script's --cpus-per-task=8 and --mem=16G are
# lowered on the command line (two tasks at a time). Prints the array's job id.
submit_count() { # [ARRAY [SETTINGS]]: --array (default 1-8), more of the --export list
  sbatch --parsable --array="${1:-1-$shards}" --cpus-per-task=1 --mem=1G \
    --export="ALL,PUZZLE=knight-7x7.toml${2:+,$2}" "$repo/docs/count-shards.sbatch"
}

# A field of `scontrol show job` (an array task: JOBID_TASK).
job_field() { # JOB FIELD
  scontrol -o show job "$1" | tr ' ' '\n' \
    | awk -v key="$2=" 'index($0, key) == 1 && !found { print substr($0, length(key) + 1); found = 1 }'
}

job_ended() { # JOB: no task of it pending or running (slurmctld must answer)
  local out
  out=$(squeue -h -j "$1" -o %i 2>&1) || fail "squeue -j $1: $out"
  [ -z "$out" ]
}

wait_job() { # JOB SECONDS WHAT
  wait_for "$2" "$3 (job $1) ended" job_ended "$1"
}

# Each task of an array: its index, state, exit code (status:signal) and restarts, one a line.
array_states() { # JOB
  scontrol -o show job "$1" | tr ' ' '\n' \
    | sed -n 's/^ArrayTaskId=//p; s/^JobState=//p; s/^ExitCode=//p; s/^Restarts=//p' \
    | paste - - - - | awk '{ print $1, $2, $4, $3 }' | sort -n
}

expect_task() { # JOB TASK STATE EXIT RESTARTS
  local got
  got=$(job_field "$1_$2" JobState)/$(job_field "$1_$2" ExitCode)/$(job_field "$1_$2" Restarts)
  [ "$got" = "$3/$4/$5" ] || fail "array task $1_$2: state/exit code/restarts $got, expected $3/$4/$5"
}

expect_all_done() { # JOB: every task COMPLETED with status 0
  local bad
  bad=$(array_states "$1" | awk '$2 != "COMPLETED" || $3 != "0:0"')
  [ -z "$bad" ] || fail "array $1: tasks not completed with status 0 (task state exit restarts): $bad"
}

# The pid of the pathsat process of array task JOB_TASK, once it has had CENTISECONDS of CPU
# time (the count is under way, past its start); fails if the task ends first.
clock_ticks=$(getconf CLK_TCK)
counting_pid() { # JOB TASK CENTISECONDS
  local p comm environ stat state deadline=$((SECONDS + 180)) ticks=$(($3 * clock_ticks / 100))
  while :; do
    for p in /proc/[0-9]*; do
      read -r comm 2> /dev/null < "$p/comm" || continue
      [ "$comm" = pathsat ] || continue
      environ=$(tr '\0' '\n' 2> /dev/null < "$p/environ") || continue
      grep -qxF "SLURM_CONF=$conf" <<< "$environ" || continue
      grep -qxF "SLURM_ARRAY_JOB_ID=$1" <<< "$environ" || continue
      grep -qxF "SLURM_ARRAY_TASK_ID=$2" <<< "$environ" || continue
      read -r -a stat 2> /dev/null < "$p/stat" || continue
      if [ $((stat[13] + stat[14])) -ge "$ticks" ]; then
        echo "${p#/proc/}"
        return 0
      fi
    done
    state=$(job_field "$1_$2" JobState)
    if [ "$state" != RUNNING ] && [ "$state" != PENDING ]; then
      fail "array task $1_$2 ended ($state) before it had counted for $3/100 s: the fault came too late"
    fi
    [ "$SECONDS" -lt "$deadline" ] || fail "array task $1_$2: no pathsat counting within 180 s"
    sleep 0.2
  done
}

# A scancel or scontrol that sends a fault: its complaints are shown, not fatal, since what it did
# is checked after (`scancel --batch` may say "Job can not be altered now" of a task that ended
# within the call, having had the signal).
send() { # COMMAND...
  local out status
  out=$("$@" 2>&1) && return 0 || status=$?
  say "  ($* exited with status $status${out:+: $out})"
}

log_of() { # JOB TASK
  echo "pathsat-shard-$1_$2.log"
}

expect_log() { # FILE TEXT (a fixed string)
  grep -qF -- "$2" "$1" || fail "$1 lacks \"$2\"; it says: $(cat "$1")"
}

# The layer after which the shard that wrote FILE saved its table when stopped, as it says.
saved_layer() { # FILE
  local layer
  expect_log "$1" "and saved its checkpoint there); no part written: run the same command again to go on from its checkpoint"
  layer=$(sed -n 's/.*interrupted after \([0-9]*\) of [0-9]* layers, and saved its checkpoint there.*/\1/p' "$1")
  [ -n "$layer" ] || fail "$1 does not say after which layer it saved"
  echo "$layer"
}

# `pathsat merge --expect` of the parts in ./parts: exit status 0, and the published count.
expect_merged() { # WHAT
  local out
  out=$(pathsat merge parts/part-*-of-$shards.json --expect "$knight_count" 2>&1) \
    || fail "$1: pathsat merge --expect $knight_count: $out"
  grep -qx "fillings: 165,575,218,320" <<< "$out" || fail "$1: pathsat merge gave: $out"
  say "$1: pathsat merge --expect: $(grep '^fillings:' <<< "$out"), $(grep '^expected:' <<< "$out")"
}

new_case() { # NAME: a directory of its own, with the puzzle, as the current directory
  mkdir -p "$dir/$1"
  cd "$dir/$1"
  cp "$repo/tests/cluster/knight-7x7-open.toml" knight-7x7.toml
}

# --- 1. docs/count-shards.sbatch: the 7x7 open knight's paths in 8 shards ---------------------

new_case count
job=$(submit_count)
say "count: submitted docs/count-shards.sbatch as array $job (--array=1-$shards, PUZZLE=knight-7x7.toml)"
wait_job "$job" 180 "the array of shards"
expect_all_done "$job"
for i in $(seq "$shards"); do
  expect_log "$(log_of "$job" "$i")" "pathsat: shard $i/$shards of knight-7x7.toml: "
  [ -s "parts/part-$i-of-$shards.json" ] || fail "no parts/part-$i-of-$shards.json"
  [ ! -e "parts/part-$i-of-$shards.checkpoint" ] || fail "parts/part-$i-of-$shards.checkpoint left after its count"
done
say "count: $shards tasks COMPLETED, exit code 0:0, a part each; shard times: $(sed -n 's/.* fillings in \([0-9.]*\) s.*/\1/p' pathsat-shard-"$job"_*.log | sort -n | tr '\n' ' ')s"
expect_merged count
# The faults below hit shards 1 and 2, whose tasks start together, once they have counted for a
# third of what they took here (CPU time, in hundredths of a second; at least 0.3 s, at most 1 s).
hit=1
hit2=2
strike=$(python3 -c '
import json
seconds = min(json.load(open(f"parts/part-{i}-of-8.json"))["seconds"] for i in (1, 2))
print(max(30, min(100, int(seconds * 100 / 3))))')
say "count: the faults below hit shards $hit/$shards and $hit2/$shards after $strike/100 s of CPU time"
again=$(submit_count)
wait_job "$again" 60 "the same array submitted again"
expect_all_done "$again"
for i in $(seq "$shards"); do
  expect_log "$(log_of "$again" "$i")" "shard $i/$shards: already done (parts/part-$i-of-$shards.json)"
done
say "count: the same array submitted again ($again): each task found its part, already done"
# An array of one shard alone, without SHARDS: its size (1) is not the number of shards.
again=$(submit_count "$hit2")
wait_job "$again" 60 "an array of shard $hit2 alone"
expect_task "$again" "$hit2" FAILED 2:0 0
expect_log "$(log_of "$again" "$hit2")" "shard $hit2: the array runs tasks $hit2-$hit2, not 1-1, so its size is not the number of shards: give that with SHARDS"
[ "$(find parts -type f -newer "$(log_of "$again" "$hit2")" | wc -l)" = 0 ] || fail "the refused task wrote into parts/: $(ls parts)"
say "count: --array=$hit2 without SHARDS refused (FAILED 2:0), nothing written: $(cat "$(log_of "$again" "$hit2")")"

# --- 2. batch --shard I/N over fixtures/ as an array, against one batch run -------------------

mkdir -p "$dir/batch"
cd "$dir/batch"
ln -s "$repo/fixtures" fixtures
# The array of docs/guide/batch.md (*Shards over several machines*), its command taken from the
# page, with the node's limits.
wrap=$(sed -n "s/^sbatch --array=1-4 --wrap '\(.*\)'\$/\1/p" "$repo/docs/guide/batch.md")
[ -n "$wrap" ] || fail "docs/guide/batch.md has no line sbatch --array=1-4 --wrap '...'"
job=$(sbatch --parsable --array=1-4 --cpus-per-task=1 --mem=1G --wrap "$wrap")
say "batch: submitted the batch --shard array of docs/guide/batch.md over fixtures/ as $job (--array=1-4): $wrap"
wait_job "$job" 180 "the batch array"
nice -n 19 pathsat batch fixtures --jobs 2 --format json -o whole.json 2> whole.log && whole_status=0 || whole_status=$?
[ -s whole.json ] || fail "one pathsat batch fixtures run wrote no report (status $whole_status): $(cat whole.log)"
pathsat batch merge part-*.json --format json > merged.json && merged_status=0 || merged_status=$?
# The status of each task, of the merge and of the one run (0 when the rows are all ok or limit,
# else 1), and the rows, merged, against the one run's.
alike=$(python3 - merged.json whole.json "$whole_status $merged_status" "$(array_states "$job")" << 'EOF'
import json, sys
def statuses_exit(rows):
    return 0 if all(row["status"] in ("ok", "limit") for row in rows) else 1
wrong = []
for line in sys.argv[4].splitlines():
    task, state, exit_code, restarts = line.split()
    rows = json.load(open(f"part-{task}.json"))["rows"]
    want = statuses_exit(rows)
    if exit_code != f"{want}:0" or state != ("COMPLETED" if want == 0 else "FAILED"):
        wrong.append(f"task {task}: {state} {exit_code}, its rows say status {want}")
# Every field of every row and the summary's counts, but the time and how the count was made
# (a SAT count switches from one solver to cubes after 0.3 s, so that a loaded machine may
# count a file otherwise: the method, the encoding's size, whether each filling was verified),
# and the count of a row that is not complete (what was found before it stopped).
how = {"seconds", "method", "variables", "clauses", "verified"}
def answer(row):
    return {k: v for k, v in row.items() if k not in how and (k != "count" or row["complete"])}
merged, whole = (json.load(open(path)) for path in sys.argv[1:3])
for a, b in zip(merged["rows"], whole["rows"]):
    if answer(a) != answer(b):
        wrong.append(f"merged: {a}\none run: {b}")
if list(map(answer, merged["rows"])) != list(map(answer, whole["rows"])):
    wrong.append(f"{len(merged['rows'])} rows merged, {len(whole['rows'])} in one run")
if merged["summary"] != whole["summary"]:
    wrong.append(f"summaries: merged {merged['summary']}, one run {whole['summary']}")
whole_status, merged_status = map(int, sys.argv[3].split())
if whole_status != statuses_exit(whole["rows"]):
    wrong.append(f"one run exited with status {whole_status}")
if merged_status != statuses_exit(merged["rows"]):
    wrong.append(f"pathsat batch merge exited with status {merged_status}")
if wrong:
    print("\n".join(wrong), file=sys.stderr)
    sys.exit(1)
otherwise = sum(a["method"] != b["method"] for a, b in zip(merged["rows"], whole["rows"]))
print(", ".join(f"{v} {k}" for k, v in whole["summary"].items() if v)
      + f", status {whole_status} (the merge's too)"
      + (f"; {otherwise} counted by another method" if otherwise else "; every method alike"))
EOF
) || fail "the batch array's tasks or rows differ from one batch run's"
say "batch: each task's exit code as its rows say ($(array_states "$job" | awk '{ printf "%s%s %s", sep, $1, $3; sep = ", " }')); pathsat batch merge of their reports has the rows of one batch run: $alike"

# --- 3a. Killed: scancel --signal=KILL (a cancel), and SIGKILL to the batch step --------------

# `scancel --signal=KILL` on an array task is a cancel (REQUEST_KILL_JOB): Slurm sends SIGTERM,
# and SIGKILL KillWait (30 s) later, so the shard saves its table first. SIGKILL itself reaches
# a task only through `--batch` (or as a dying node would): the layers since its last save
# (none, 10 minutes in) are lost. Two tasks, one of each; then the two shards alone again.
new_case kill
job=$(submit_count)
pid=$(counting_pid "$job" "$hit" "$strike")
say "kill: array $job, task $hit counting (pid $pid, $strike/100 s of CPU): scancel --signal=KILL ${job}_$hit"
send scancel --signal=KILL "${job}_$hit"
pid=$(counting_pid "$job" "$hit2" "$strike")
say "kill: task $hit2 counting (pid $pid): scancel --signal=KILL --batch ${job}_$hit2"
send scancel --signal=KILL --batch "${job}_$hit2"
wait_job "$job" 180 "the array with two killed tasks"
expect_task "$job" "$hit" CANCELLED 1:0 0
log=$(log_of "$job" "$hit")
expect_log "$log" "CANCELLED AT"
saved=$(saved_layer "$log")
[ -s "parts/part-$hit-of-$shards.checkpoint" ] || fail "the cancelled shard saved no checkpoint"
[ ! -e "parts/part-$hit-of-$shards.json" ] || fail "the cancelled shard wrote a part"
say "kill: task $hit cancelled (CANCELLED 1:0): on Slurm's SIGTERM it saved its table after layer $saved, no part"
expect_task "$job" "$hit2" FAILED 0:9 0
if grep -q "stopped before its end" "$(log_of "$job" "$hit2")"; then fail "the task killed by SIGKILL said it stopped"; fi
[ ! -e "parts/part-$hit2-of-$shards.json" ] || fail "the killed shard left a part"
[ ! -e "parts/part-$hit2-of-$shards.checkpoint" ] || fail "the killed shard left a checkpoint before its first save"
for file in parts/*; do
  [[ $file =~ ^parts/part-[0-9]+-of-[0-9]+\.(json|checkpoint)$ ]] || fail "a stray file in parts/ after the kills: $file"
done
say "kill: task $hit2 killed by SIGKILL (FAILED 0:9): no part, no checkpoint, no stray file; the other $((shards - 2)) parts written"
# The two shards alone, as the script's header says: --array=I,J with SHARDS=N.
job=$(submit_count "$hit,$hit2" "SHARDS=$shards")
wait_job "$job" 180 "shards $hit and $hit2 submitted again"
expect_all_done "$job"
expect_log "$(log_of "$job" "$hit")" "pathsat: shard $hit/$shards of knight-7x7.toml: resumed from its checkpoint after layer $saved,"
expect_log "$(log_of "$job" "$hit2")" "pathsat: shard $hit2/$shards of knight-7x7.toml: "
if grep -q "resumed" "$(log_of "$job" "$hit2")"; then fail "the shard killed by SIGKILL resumed from a checkpoint it never saved"; fi
[ ! -e "parts/part-$hit-of-$shards.checkpoint" ] || fail "the checkpoint was left after the count"
say "kill: shards $hit and $hit2 submitted again alone ($job, --array=$hit,$hit2, SHARDS=$shards): $hit resumed after layer $saved, $hit2 counted from the start"
expect_merged kill

# --- 3b. scontrol requeue of the running task ---------------------------------------------------

new_case requeue
job=$(submit_count)
pid=$(counting_pid "$job" "$hit" "$strike")
say "requeue: array $job, task $hit counting (pid $pid): scontrol requeue ${job}_$hit"
send scontrol requeue "${job}_$hit"
wait_job "$job" 180 "the array with a requeued task"
expect_all_done "$job"
expect_task "$job" "$hit" COMPLETED 0:0 1
# Both runs in the task's log (--open-mode=append): the one stopped, and the one that resumed.
log=$(log_of "$job" "$hit")
expect_log "$log" "DUE TO JOB REQUEUE"
saved=$(saved_layer "$log")
expect_log "$log" "pathsat: shard $hit/$shards of knight-7x7.toml: resumed from its checkpoint after layer $saved,"
say "requeue: task $hit saved its table after layer $saved on Slurm's SIGTERM, ran again (Restarts=1, COMPLETED 0:0) and resumed from there"
expect_merged requeue

# --- 3c. Preempted by SIGTERM, resumed, killed, resumed again ----------------------------------

new_case preempt
job=$(submit_count)
pid=$(counting_pid "$job" "$hit" "$strike")
say "preempt: array $job, task $hit counting (pid $pid): scancel --signal=TERM --batch ${job}_$hit"
send scancel --signal=TERM --batch "${job}_$hit"
wait_job "$job" 180 "the array with a preempted task"
expect_task "$job" "$hit" FAILED 1:0 0
log=$(log_of "$job" "$hit")
expect_log "$log" "pathsat: shard $hit/$shards of knight-7x7.toml stopped before its end"
saved=$(saved_layer "$log")
[ -s "parts/part-$hit-of-$shards.checkpoint" ] || fail "the preempted shard saved no checkpoint"
[ ! -e "parts/part-$hit-of-$shards.json" ] || fail "the preempted shard wrote a part"
say "preempt: task $hit exited with status 1 (FAILED 1:0), its table saved after layer $saved, no part"
if out=$(pathsat merge parts/part-*-of-$shards.json 2>&1); then fail "merge of 7 parts of 8 succeeded: $out"; fi
grep -qF "1 of $shards shards missing: $hit/$shards" <<< "$out" || fail "merge of the 7 parts: $out"
say "preempt: pathsat merge of the other parts names the missing shard: $out"
checkpoint_id=$(stat -c '%i %s %Y' "parts/part-$hit-of-$shards.checkpoint")
job=$(submit_count)
pid=$(counting_pid "$job" "$hit" $((strike / 2)))
say "preempt: submitted again ($job), task $hit resumed (pid $pid): scancel --signal=KILL --batch ${job}_$hit"
send scancel --signal=KILL --batch "${job}_$hit"
wait_job "$job" 180 "the resubmitted array with a killed task"
expect_task "$job" "$hit" FAILED 0:9 0
[ ! -e "parts/part-$hit-of-$shards.json" ] || fail "the killed shard left a part"
[ "$(stat -c '%i %s %Y' "parts/part-$hit-of-$shards.checkpoint" 2> /dev/null)" = "$checkpoint_id" ] \
  || fail "the checkpoint of layer $saved did not survive the kill unchanged"
say "preempt: task $hit killed by SIGKILL (FAILED 0:9): no part, the checkpoint of layer $saved still there"
job=$(submit_count)
wait_job "$job" 180 "the array submitted a third time"
expect_all_done "$job"
expect_log "$(log_of "$job" "$hit")" "pathsat: shard $hit/$shards of knight-7x7.toml: resumed from its checkpoint after layer $saved,"
[ ! -e "parts/part-$hit-of-$shards.checkpoint" ] || fail "the checkpoint was left after the count"
say "preempt: submitted a third time ($job): task $hit resumed from its checkpoint after layer $saved and wrote its part"
expect_merged preempt

cd "$dir"
say "all done: the recipes counted right under Slurm, through SIGKILL, requeue and preemption"
