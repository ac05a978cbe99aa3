#!/usr/bin/env bash
# Remakes lib/interop/inspect/fixtures/real-writer-replay.{eval,json,resolved.json}: a Studio run written
# by the real Inspect writer, whose score depends on attachments (see that folder's README).
#
# Usage, from the repository root:
#   INSPECT=<venv>/bin scripts/inspect-fixtures/make-real-eval.sh [WorkBench data dir, default ../shared/workbench]
# where <venv> has inspect_ai installed (`$INSPECT/python`, `$INSPECT/inspect`). Needs nothing else: the run
# is made on a throwaway embedded database, deleted afterwards.
set -euo pipefail
DATA="${1:-../shared/workbench}"
: "${INSPECT:?set INSPECT to the bin folder of a Python environment with inspect_ai}"
HERE="$(cd "$(dirname "$0")" && pwd)"
FIXTURES="lib/interop/inspect/fixtures"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# 1. The recorded calls to replay: 6 ground-truth answers, 6 of GPT-4's recorded ones (12 email tasks).
REPLAY="$("$INSPECT/python" "$HERE/replay-file.py" "$DATA" "$WORK/replay")"

# 2. A Studio run replaying them, exported as Inspect JSON under Inspect's name (throwaway database).
npx tsx scripts/with-db.ts --throwaway -- sh -c "
  npm run -s workbench -- import-data --data '$DATA' --version v1 --no-results > /dev/null &&
  npm run -s workbench -- run --agent replay --results-file '$REPLAY' --name replay-email-attachments | tee '$WORK/run.txt' &&
  npm run -s workbench -- export --run \"\$(sed -n 's/^Run \([a-z0-9]*\):.*/\1/p' '$WORK/run.txt' | head -n 1)\" --format inspect --out '$WORK/export/'"
EXPORT="$(ls "$WORK"/export/*.json)"

# 3. Read by inspect_ai and written back as a .eval (attachments made by its writer), then checked.
"$INSPECT/python" "$HERE/write-real-eval.py" "$EXPORT" "$FIXTURES/real-writer-replay.eval"

# 4. Its JSON conversions by Inspect's CLI: references kept (the default), and resolved.
"$INSPECT/inspect" log convert "$FIXTURES/real-writer-replay.eval" --to json --output-dir "$WORK/kept"
"$INSPECT/inspect" log convert "$FIXTURES/real-writer-replay.eval" --to json --output-dir "$WORK/resolved" --resolve-attachments full
cp "$WORK/kept/real-writer-replay.json" "$FIXTURES/real-writer-replay.json"
cp "$WORK/resolved/real-writer-replay.json" "$FIXTURES/real-writer-replay.resolved.json"
ls -l "$FIXTURES"/real-writer-replay.*
