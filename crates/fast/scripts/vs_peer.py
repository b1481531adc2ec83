#!/usr/bin/env python3
"""Times the fast engine against the measuring peer (the `sudoku` crate, in
shared/peers/rust-sudoku-bench) on the issue's six sets, in one sitting.

Both sides count solutions up to 2 and are built with -C target-cpu=native.
Each set runs ROUNDS times as a pair, ours then the peer's, back to back;
the table keeps each side's fastest round, so a busy moment on a shared
machine does not decide the ratio. Every raw line goes to --raw.

    python3 crates/fast/scripts/vs_peer.py [--rounds 3] [--raw FILE] [SET ...]

Run it from the repository root, with shared/ beside the checkout.
"""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared"
SETS = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
    "top95.txt",
]
OURS = ROOT / "target/native/release/examples/bench_file"
PEER_TARGET = Path.home() / ".cache/peer-target"
PEER = PEER_TARGET / "release/rust-sudoku-bench"


def build():
    native = dict(os.environ, RUSTFLAGS="-C target-cpu=native",
                  CARGO_TARGET_DIR=str(ROOT / "target/native"))
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "sudokit-fast",
                    "--example", "bench_file"], cwd=ROOT, env=native, check=True)
    # shared/ is read-only: the peer builds into a folder of ours.
    peer = dict(os.environ, CARGO_TARGET_DIR=str(PEER_TARGET))
    subprocess.run(["cargo", "build", "--release", "--quiet"],
                   cwd=SHARED / "peers/rust-sudoku-bench", env=peer, check=True)


def run(binary, path):
    out = subprocess.run([str(binary), str(path)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--raw", type=Path, help="write every run as a JSON line here")
    parser.add_argument("sets", nargs="*", default=SETS)
    args = parser.parse_args()
    build()
    raw = []
    rows = []
    for name in args.sets:
        path = SHARED / "data/bench" / name
        ours, peer = [], []
        for round_ in range(1, args.rounds + 1):
            for side, binary, runs in (("ours", OURS, ours), ("peer", PEER, peer)):
                result = run(binary, path)
                runs.append(result)
                raw.append(dict(result, side=side, round=round_, set=name))
            print(f"{name} round {round_}: ours {ours[-1]['us_per_puzzle']:.3f} us, "
                  f"peer {peer[-1]['us_per_puzzle']:.3f} us", file=sys.stderr)
        best_ours = min(r["us_per_puzzle"] for r in ours)
        best_peer = min(r["us_per_puzzle"] for r in peer)
        rows.append((name, ours[0]["puzzles"], best_ours, best_peer,
                     best_ours / best_peer, ours[0]["guesses_per_puzzle"]))
    if args.raw:
        args.raw.write_text("".join(json.dumps(line) + "\n" for line in raw))
    print("| set | puzzles | ours µs/puzzle | peer µs/puzzle | ratio (ours / peer) "
          "| our guesses/puzzle |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, n, us, peer_us, ratio, guesses in rows:
        print(f"| {name} | {n} | {us:.3f} | {peer_us:.3f} | {ratio:.2f} | {guesses:.2f} |")


if __name__ == "__main__":
    main()
