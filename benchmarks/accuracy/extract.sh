#!/bin/bash
# extract.sh GITDIR OWNER+NAME [COMMIT]: write the work tree of COMMIT (default HEAD) to
# /work/snapshots/OWNER+NAME and print the commit. Files whose blobs the snapshot lacks are skipped.
set -uo pipefail
gd=$1; name=$2; commit=${3:-HEAD}
out=/work/snapshots/$name
commit=$(git --git-dir="$gd" rev-parse "$commit^{commit}") || exit 1
rm -rf "$out"; mkdir -p "$out"
if ! git --git-dir="$gd" archive "$commit" 2>/dev/null | tar -x -C "$out" 2>/dev/null; then
  rm -rf "$out"; mkdir -p "$out"
  # the paths whose blobs are absent, excluded from a second archive
  mapfile -t missing < <(git -c core.quotePath=false --git-dir="$gd" ls-tree -r "$commit" | awk '$2=="blob"{print $3" "substr($0, index($0,"\t")+1)}' |
    python3 -c '
import subprocess, sys
rows = [line.rstrip("\n").split(" ", 1) for line in sys.stdin]
check = subprocess.run(["git", "--git-dir=" + sys.argv[1], "cat-file", "--batch-check"], input="".join(r[0] + "\n" for r in rows), capture_output=True, text=True).stdout.splitlines()
for (sha, path), answer in zip(rows, check):
    if answer.endswith("missing"):
        print(":(exclude,literal)" + path)
' "$gd")
  git --git-dir="$gd" archive "$commit" -- . "${missing[@]}" | tar -x -C "$out"
fi
echo "$commit"
