#!/usr/bin/env bash
# Tunes every model experiments/poulding2015.toml uses, into models/poulding2015/ (committed).
# Deterministic: the same models for any machine and --jobs. Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/../.."
tune() { cargo run --release --quiet -- tune "experiments/poulding2015/$1.toml" --out "models/poulding2015/$2"; }
tune self self
for group in list map set properties; do
  tune "library-$group" library
done
tune extended extended
for group in list set; do
  tune "group-$group" "group-$group"
done
