#!/usr/bin/env python3
"""Runs a command, prefixing each stderr line with seconds since start (monotonic); stdout kept."""
import subprocess, sys, time
t0 = time.monotonic()
out = open(sys.argv[1], "w")
p = subprocess.Popen(sys.argv[3:], stderr=subprocess.PIPE, stdout=open(sys.argv[2], "w"), text=True)
for line in p.stderr:
    out.write(f"{time.monotonic() - t0:.2f}\t{line}")
    out.flush()
rc = p.wait()
out.write(f"{time.monotonic() - t0:.2f}\texit {rc}\n")
