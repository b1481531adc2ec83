# Sourced by .ci/run and .ci/mutants. A stamp is a committed file holding
# the commit at which an expensive step last passed in full; CI runs that
# step only in proportion to what changed since. A fresh clone knows
# nothing of earlier CI runs, so the stamp is what makes the choice the
# same on every machine.

# stamp_commit FILE: the commit FILE holds, when HEAD descends from it;
# else nothing, status 1 (no stamp, or a history that lost it).
stamp_commit() {
  local commit
  commit=$(tr -d '[:space:]' <"$1" 2>/dev/null) || return 1
  [ -n "$commit" ] && git merge-base --is-ancestor "$commit" HEAD 2>/dev/null || return 1
  echo "$commit"
}

# changed_since COMMIT PATH...: the files under PATH that differ between
# COMMIT and the work tree (committed or not), one a line.
changed_since() {
  local commit="$1"
  shift
  git diff --no-renames --name-only "$commit" -- "$@"
}

# record_stamp FILE PATH...: after a full run passed, HEAD into FILE,
# unless PATH has uncommitted changes (then HEAD is not what was tested).
record_stamp() {
  local file="$1"
  shift
  if [ -n "$(git status --porcelain -- "$@")" ]; then
    echo "$file not updated: uncommitted changes in $*" >&2
    return 0
  fi
  git rev-parse HEAD >"$file"
  echo "$file: $(cat "$file") (commit it, and CI runs this step only on what changes after)"
}
