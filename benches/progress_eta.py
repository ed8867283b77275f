#!/usr/bin/env python3
"""Reads a stamped stderr log; for the first progress line past each share of the expected
cost (and of the wall-clock), prints predicted remaining / actual remaining."""
import re, sys
lines = [l.rstrip("\n").split("\t", 1) for l in open(sys.argv[1])]
prog = []
end = None
for t, text in lines:
    t = float(t)
    m = re.search(r"(\d+)/(\d+)\+? cells, (\d+)% of the expected cost, \S+ elapsed, ETA (\S+)", text)
    if m:
        eta = m.group(4)
        secs = None
        if eta != "?":
            parts = [int(x) for x in eta.split(":")]
            secs = 0
            for x in parts:
                secs = secs * 60 + x
        prog.append((t, int(m.group(3)), secs, text))
    elif re.search(r"progress: \d+/\d+ cells in", text):
        end = t
if end is None:
    sys.exit("no end line")
first = prog[0][0] if prog else 0
print(f"run end at {end:.1f} s after start; {len(prog)} progress lines")
def show(label, row):
    t, share, secs, text = row
    actual = end - t
    ratio = secs / actual if secs is not None and actual > 0 else float("nan")
    print(f"{label:>12}: t={t:7.1f}s  predicted {secs}s  actual {actual:.0f}s  ratio {ratio:.2f}   [{text.strip()}]")
for q in (10, 25, 50, 75, 90):
    row = next((r for r in prog if r[1] >= q), None)
    if row: show(f"share>={q}%", row)
for q in (10, 25, 50, 75, 90):
    row = next((r for r in prog if r[0] >= q / 100 * end), None)
    if row: show(f"wall>={q}%", row)
ratios = [r[2] / (end - r[0]) for r in prog if r[2] is not None and end - r[0] > 0 and r[1] >= 10]
if ratios:
    print(f"after share 10%: ratio min {min(ratios):.2f} max {max(ratios):.2f} over {len(ratios)} lines")
