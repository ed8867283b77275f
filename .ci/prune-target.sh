#!/usr/bin/env bash
# Drops this crate's own build artifacts from a shared cargo target directory, keeping the
# dependencies' (the part that takes minutes to build cold).
#
#   bash .ci/prune-target.sh TARGET_DIR
#
# Tested by tests/ci_prune.rs.
#
# Why: cargo never collects garbage in a target directory, and every CI run builds this crate
# afresh under new hashes (a clean clone of a new commit): the library, the binary, every test
# binary, the benches' and examples' builds. Left alone they pile up by some gigabytes a run
# on a disk that other jobs share; a CI run once failed when a link ran out of space. What is
# removed here is exactly what the next build would rebuild anyway.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${1:?usage: prune-target.sh TARGET_DIR}"
[ -d "$target" ] || exit 0

# The crate's own target names, as cargo writes them (hyphens become underscores).
names="testspace build_script_build"
for file in tests/*.rs benches/*.rs examples/*.rs; do
  [ -e "$file" ] || continue
  name="$(basename "$file" .rs)"
  names="$names ${name//-/_}"
done

removed=0
# `testspace harvest` checks a crate's copies in `harvest-check/` (src/harvest/own_code.rs),
# building this crate there too.
for profile in debug release harvest-check/debug; do
  for dir in deps examples build .fingerprint incremental; do
    [ -d "$target/$profile/$dir" ] || continue
    for name in $names; do
      # A dependency of the same name would be kept: none exists today, and this guard keeps
      # it so if one is added.
      if [ "$name" != testspace ] && [ "$name" != build_script_build ] &&
        grep -q "^name = \"${name//_/[-_]}\"$" Cargo.lock; then
        continue
      fi
      # The name, then cargo's hash (16 hex digits; 13 base-36 ones for incremental
      # state), then perhaps an extension: never a longer name that starts the same way.
      while IFS= read -r -d '' path; do
        rm -rf -- "$path"
        removed=$((removed + 1))
      done < <(find "$target/$profile/$dir" -mindepth 1 -maxdepth 1 -regextype posix-extended \
        -regex ".*/(lib)?$name-[0-9a-z]{13,16}(\..*)?" -print0)
    done
  done
done

available="$(df -Pk "$target" | awk 'NR == 2 { print int($4 / 1048576) }')"
echo "pruned $removed of this crate's earlier artifacts from $target; ${available} GiB free"
if [ "$available" -lt 10 ]; then
  echo "warning: under 10 GiB free where $target is; a debug build of the tests needs about 4" >&2
fi
