#!/usr/bin/env bash
# Builds tdoku's run_benchmark (upstream commit af42618, clang 14, -O3
# -march=native: how every tdoku figure in BENCHMARKS.md was taken) where
# fast_vs_peers.py and sat_vs_minisat.py look for it by default,
# ../scratch/tdoku/build/run_benchmark beside the checkout. tdoku is in no
# package registry: pass a git clone of it.
#
#   benchmarks/build_tdoku.sh PATH-TO-TDOKU-CLONE
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 PATH-TO-TDOKU-CLONE" >&2; exit 2; }
src="$(cd "$1" && pwd)"
dest="$(cd "$(dirname "$0")/../.." && pwd)/scratch/tdoku"
commit=af42618

if ! command -v clang++-14 >/dev/null || ! command -v cmake >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang-14 cmake >/dev/null
fi
rm -rf "$dest"
git clone -q --no-checkout "$src" "$dest"
# Not data.zip (some clones store it out of band; the benchmark reads our
# files) nor the other solvers' submodules.
git -C "$dest" ls-tree -r --name-only "$commit" |
  grep -v -e '^data\.zip$' -e '^other/module_' |
  xargs git -C "$dest" checkout -q "$commit" --
(cd "$dest" && CC=clang-14 CXX=clang++-14 ./BUILD.sh run_benchmark >/dev/null)
echo "built $dest/build/run_benchmark"
