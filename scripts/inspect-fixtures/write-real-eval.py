"""Rewrites a Studio Inspect export with the real Inspect writer, as a `.eval` archive, and checks it.

Usage: python write-real-eval.py <Studio export .json> <out .eval>   (with inspect_ai installed)

`read_eval_log` reads the export; each tool event's `metadata.call` (Studio's own call string, which
Inspect's writer leaves whole and Studio's import prefers) is taken out, so that the calls can only be read
from the tool events' arguments, as in a log of an agent run under Inspect itself. Then
`write_eval_log(..., format="eval")` writes it as Inspect writes every log: each sample condensed, every
event string over 100 characters moved into the sample's `attachments` and replaced by
`attachment://<hash>`. (The replayed file's path, a temporary folder, is cut to its name.) The check reads the archive's entries as stored and prints, per sample, its score
and the tool-event arguments held as references; it fails unless some are.
"""

import json
import os
import sys
import zipfile

import inspect_ai
from inspect_ai.event import ToolEvent
from inspect_ai.log import read_eval_log, write_eval_log

ATTACHMENT = "attachment://"


def main(source: str, target: str) -> None:
    log = read_eval_log(source)
    dropped = 0
    for sample in log.samples or []:
        for event in sample.events:
            if isinstance(event, ToolEvent) and event.metadata and "call" in event.metadata:
                del event.metadata["call"]
                event.metadata = event.metadata or None
                dropped += 1
    print(f"{dropped} call strings (metadata.call) taken out of the tool events")
    for args in [log.eval.solver_args, log.eval.solver_args_passed, *[step.params for step in log.plan.steps], *[step.params_passed for step in log.plan.steps]]:
        if args and isinstance(args.get("resultsFile"), str):
            args["resultsFile"] = os.path.basename(args["resultsFile"])
    write_eval_log(log, target, format="eval")

    referenced = 0
    with zipfile.ZipFile(target) as archive:
        names = sorted(name for name in archive.namelist() if name.startswith("samples/"))
        for name in names:
            sample = json.loads(archive.read(name))
            assert not any(event["event"] == "tool" and "call" in (event.get("metadata") or {}) for event in sample["events"]), name
            refs = [
                f"{event['function']}.{key}"
                for event in sample["events"]
                if event["event"] == "tool"
                for key, value in event["arguments"].items()
                if isinstance(value, str) and value.startswith(ATTACHMENT)
            ]
            for ref in [value for event in sample["events"] if event["event"] == "tool" for value in event["arguments"].values()]:
                if isinstance(ref, str) and ref.startswith(ATTACHMENT):
                    assert ref.removeprefix(ATTACHMENT) in sample["attachments"], f"{name}: {ref} not in its attachments"
            referenced += 1 if refs else 0
            print(f"{sample['id']} epoch {sample['epoch']}: correct={sample['scores']['correct']['value']} tool arguments as references: {refs}")
    print(f"inspect_ai {inspect_ai.__version__}: {len(names)} samples, {referenced} with tool arguments as attachment:// references")
    if referenced == 0:
        sys.exit("no tool argument was moved into attachments")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
