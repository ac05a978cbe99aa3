"""Writes the recorded-results file that `workbench run --agent replay` replays for the real-writer fixture.

Usage: python replay-file.py <WorkBench data dir> <out dir>   (prints the CSV's path)

Twelve email tasks of the v1 ground truth, in the paper's results layout (`email/<model>_all_<time>.csv`,
query / function_calls / full_response / error): six send_email tasks answered with the ground truth's own
calls (bodies of 115-581 characters: correct only if the body arrives whole) and six tasks with GPT-4's
recorded answer from the paper's results (the two delete tasks it got right; three send_email tasks whose
long bodies differ from the ground truth's, and one it did not act on: wrong). The run scores 8/12.
"""

import csv
import glob
import os
import sys

csv.field_size_limit(1 << 30)

GROUND_TRUTH = [20, 22, 24, 26, 28, 29]  # email/020 ... answered with the ground truth's calls
RECORDED = [0, 1, 21, 23, 25, 27]  # email/000 ... answered with GPT-4's recorded calls
RECORDED_FILE = "gpt-4_all_*.csv"


def main(data: str, out: str) -> None:
    processed = os.path.join(data, "v1", "data", "processed", "queries_and_answers", "email_queries_and_answers.csv")
    with open(processed, newline="") as f:
        tasks = list(csv.DictReader(f))
    (recorded_path,) = glob.glob(os.path.join(data, "v1", "data", "results", "email", RECORDED_FILE))
    with open(recorded_path, newline="") as f:
        recorded = {row["query"]: row for row in csv.DictReader(f)}

    rows = []
    for index in sorted(GROUND_TRUTH + RECORDED):
        task = tasks[index]
        if index in GROUND_TRUTH:
            rows.append({"query": task["query"], "function_calls": task["answer"], "full_response": "", "error": ""})
        else:
            rows.append(recorded[task["query"]])

    os.makedirs(os.path.join(out, "email"), exist_ok=True)
    target = os.path.join(out, "email", "replay_all_2026-11-28_00-00-00.csv")
    with open(target, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["query", "function_calls", "full_response", "error"], quoting=csv.QUOTE_ALL)
        writer.writeheader()
        writer.writerows(rows)
    print(target)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
