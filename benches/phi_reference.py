#!/usr/bin/env python3
"""Reference timing: a straightforward Python big-integer implementation of the same
streaming recurrence as src/analysis/phi.rs,

    Φ(j, k, n) = j·Φ(j, k, n−1) + j^(n−k) − Φ(j, k, n−k)   (n > k; 1 at n = k; 0 below),

keeping only the last k values of Φ, j^(n−k) and jⁿ, and converting FD = Φ/jⁿ to a
decimal at every n from the top 64 bits of both numbers (as the Rust code does).

Usage: python3 benches/phi_reference.py [j] [k] [n_max]   (defaults 300 5 100000)
Prints wall-clock seconds for the recurrence alone and with FD at every n, and FD at
n_max for cross-checking against `testspace phi`.
"""

import math
import sys
import time
from collections import deque


def top_bits(value):
    """(top 64 bits, shift) with value ≈ top·2^shift."""
    shift = value.bit_length() - 64
    return (value >> shift, shift) if shift > 0 else (value << -shift, shift)


def failure_density(failing, total):
    """FD = failing/total as (mantissa in [1, 10), decimal exponent), from top bits."""
    if failing == 0:
        return (0.0, 0)
    (a, shift_a), (b, shift_b) = top_bits(failing), top_bits(total)
    log10 = math.log10(a / b) + (shift_a - shift_b) * math.log10(2)
    exponent = math.floor(log10)
    return (10 ** (log10 - exponent), exponent)


def stream(j, k, n_max, with_density):
    recent = deque([0] * k, maxlen=k)  # Φ(n−k+1..n)
    ending = 1  # j^(n+1−k)
    total = 1  # jⁿ
    density = (0.0, 0)
    for n in range(1, n_max + 1):
        if n >= k:
            value = j * recent[-1] + ending - recent[0]
            ending *= j
        else:
            value = 0
        recent.append(value)
        total *= j
        if with_density:
            density = failure_density(recent[-1], total)
    return recent[-1], total, density


def main():
    j, k, n_max = (int(a) for a in (sys.argv[1:] + ["300", "5", "100000"][len(sys.argv) - 1:]))
    start = time.perf_counter()
    stream(j, k, n_max, with_density=False)
    plain = time.perf_counter() - start
    start = time.perf_counter()
    _, _, (mantissa, exponent) = stream(j, k, n_max, with_density=True)
    with_density = time.perf_counter() - start
    print(f"python {sys.version.split()[0]}  j={j} k={k} n_max={n_max}")
    print(f"recurrence only:        {plain:.2f} s")
    print(f"recurrence + FD every n: {with_density:.2f} s")
    print(f"FD(n_max) ≈ {mantissa:.12f}e{exponent}  (float log10 conversion, ~11 digits)")


if __name__ == "__main__":
    main()
