#!/usr/bin/env bash
# Real Slurm: a single-node cluster (Debian's slurmctld, slurmd, slurm-client and munge) runs
# the replicated Register fixture experiment as a 4-task job array plus a merge job
# (`testspace slurm --submit`); the merged tables must equal a local run of the same
# experiment. Then one array task is cancelled mid-run and resubmitted: it resumes from its
# journal, and the merge must still equal the local run, with every cell journaled once.
#
#   .ci/slurm.sh PATH/TO/testspace
#   .ci/slurm.sh PATH/TO/ROOT-BINARY EXPERIMENT PROFILE
#
# The second form runs EXPERIMENT's PROFILE with a root's binary (testspace-harvested) as a
# 4-task array plus merge only, with the experiment's own watchdog, and compares the merge
# with a local run of the same binary.
#
# Where Slurm cannot be installed or started, it says so (SKIPPED) and exits 0; any failure
# after the cluster is up is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "$1")"
if [ $# -ge 3 ]; then
  experiment="$(realpath "$2")"
  profile=(--profile "$3")
  watchdog=()
  root_binary=yes
else
  experiment="$(realpath testdata/experiments/register-replicated.toml)"
  profile=()
  watchdog=(--watchdog 2)
  root_binary=""
  export TESTSPACE_FIXTURE_SUBJECTS=1
fi

skip() {
  echo "SKIPPED: the real-Slurm test could not run here: $*"
  exit 0
}

if ! command -v sbatch >/dev/null 2>&1 || ! command -v slurmctld >/dev/null 2>&1 \
  || ! command -v slurmd >/dev/null 2>&1 || ! [ -x /usr/sbin/munged ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  echo "== installing slurmctld slurmd slurm-client munge"
  { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends \
      slurmctld slurmd slurm-client munge; } >/dev/null 2>&1 || skip "apt-get could not install Slurm"
fi
[ "$(id -u)" -eq 0 ] || skip "the single-node cluster is started as root"

work="$(mktemp -d)"
mkdir -p "$work/state" "$work/spool"
cat > "$work/slurm.conf" <<EOF
ClusterName=testspace-ci
SlurmctldHost=localhost
SlurmctldPort=6917
SlurmdPort=6918
AuthType=auth/munge
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
NodeName=localhost CPUs=$(nproc) State=UNKNOWN
PartitionName=ci Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/slurm.conf"

started_munge=""
# A working munged answers `munge -n | unmunge` (a leftover or defunct one does not).
if ! { munge -n </dev/null | unmunge >/dev/null; } 2>/dev/null; then
  install -d -o munge -g munge -m 755 /run/munge 2>/dev/null || skip "cannot create /run/munge"
  if [ ! -s /etc/munge/munge.key ]; then
    head -c 1024 /dev/urandom > /etc/munge/munge.key
    chown munge:munge /etc/munge/munge.key && chmod 400 /etc/munge/munge.key
  fi
  runuser -u munge -- /usr/sbin/munged >/dev/null 2>&1 || skip "munged did not start"
  started_munge=yes
fi
slurmctld -D >"$work/slurmctld.out" 2>&1 &
ctld=$!
slurmd -D >"$work/slurmd.out" 2>&1 &
node=$!
cleanup() {
  scontrol shutdown >/dev/null 2>&1 || true
  kill "$ctld" "$node" 2>/dev/null || true
  wait "$ctld" "$node" 2>/dev/null || true
  if [ -n "$started_munge" ] && [ -f /run/munge/munged.pid ]; then
    kill "$(cat /run/munge/munged.pid)" 2>/dev/null || true
  fi
}
trap cleanup EXIT
for _ in $(seq 1 40); do
  [ "$(sinfo -h -o %T 2>/dev/null | head -n 1)" = "idle" ] && break
  sleep 0.5
done
[ "$(sinfo -h -o %T 2>/dev/null | head -n 1)" = "idle" ] || skip "the Slurm node did not come up (see $work/slurmctld.log)"
echo "== a single-node Slurm cluster is up ($(sinfo -V))"

# Waits until no job is queued or running (at most 5 minutes).
drain() {
  for _ in $(seq 1 600); do
    [ -z "$(squeue -h 2>/dev/null)" ] && return 0
    sleep 0.5
  done
  echo "FAILED: Slurm jobs still queued after 5 minutes" >&2
  squeue >&2
  exit 1
}
# Fails unless $1 holds the same cells as the local run.
same_as_local() {
  "$bin" diff "$1" "$work/local" || { echo "FAILED: $1 differs from the local run" >&2; exit 1; }
}

"$bin" run "$experiment" "${profile[@]}" "${watchdog[@]}" --quiet --out "$work/local" >/dev/null

echo "== a 4-task job array and its merge ($(basename "$bin") slurm --submit)"
"$bin" slurm "$experiment" "${profile[@]}" --shards 4 --cpus 1 "${watchdog[@]}" --dir "$work/array" --submit
drain
[ -f "$work/array/merged/cells.csv" ] || { echo "FAILED: no merged tables" >&2; cat "$work/array/logs/"*.log >&2; exit 1; }
same_as_local "$work/array/merged"
if [ -n "$root_binary" ]; then
  echo "slurm ($(basename "$bin")): 1 passed, 0 failed"
  exit 0
fi

echo "== one array task cancelled mid-run, then resubmitted"
"$bin" slurm "$experiment" --shards 4 --cpus 1 --watchdog 2 --dir "$work/cancelled"
job="$(sbatch --parsable "$work/cancelled/array.sbatch")"
job="${job%%;*}"
journal="$work/cancelled/shard-2-of-4/journal.jsonl"
for _ in $(seq 1 600); do
  [ -s "$journal" ] && break
  sleep 0.05
done
scancel --signal=KILL "${job}_2" || true
drain
if grep -q '"finished": null' "$work/cancelled/shard-2-of-4/manifest.json" 2>/dev/null \
  || [ ! -f "$work/cancelled/shard-2-of-4/cells.csv" ]; then
  echo "shard 2 was cancelled mid-run ($(wc -l < "$journal") cells journaled)"
else
  echo "note: shard 2 finished before the cancel reached it; its resubmission resumes a finished run"
fi
sbatch --parsable --array=2 "$work/cancelled/array.sbatch" >/dev/null
drain
sbatch --parsable "$work/cancelled/merge.sbatch" >/dev/null
drain
same_as_local "$work/cancelled/merged"
cells=$(($(wc -l < "$work/cancelled/shard-2-of-4/cells.csv") - 1))
lines=$(wc -l < "$journal")
[ "$cells" -eq "$lines" ] || { echo "FAILED: shard 2 journaled $lines lines for $cells cells" >&2; exit 1; }
echo "slurm: 2 passed, 0 failed"
