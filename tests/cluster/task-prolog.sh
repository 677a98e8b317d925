#!/bin/sh
# TaskProlog of the test cluster (tests/cluster/slurm.conf): slurmstepd runs it before each task,
# in the task's session. The tasks inherit slurmd's nice value, but where the kernel groups the
# processes of a session for its scheduler (autogroup, /proc/self/autogroup), nice values count
# only within the group, and a job's session would take its share of the CPUs from everything
# else on the machine; the session's group is given the lowest priority too.
if [ -w /proc/self/autogroup ]; then
  echo 19 > /proc/self/autogroup 2>/dev/null || true
fi
