// The calls a `replay` run replays: a recorded results CSV (v1 format), matched to tasks by exact
// query text as the original evaluator joins them.
import { stat } from "node:fs/promises";
import path from "node:path";
import { DOMAINS, type Domain } from "@/lib/workbench/datasets/types";
import { loadRecordedResultsFile } from "@/lib/workbench/results";

export function domainOfResultsFile(file: string): Domain {
  const folder = path.basename(path.dirname(path.resolve(file)));
  const domain = DOMAINS.find((candidate) => candidate === folder);
  if (!domain) {
    throw new Error(`${file}: a recorded results file must sit in a folder named after its domain (${DOMAINS.join(", ")})`);
  }
  return domain;
}

export async function recordedCallsByTaskText(file: string): Promise<Map<string, readonly string[]>> {
  // Checked first: a missing file otherwise surfaces as a complaint about its folder or its name.
  const found = await stat(file).catch(() => null);
  if (!found) throw new Error(`${file}: no such results file`);
  if (!found.isFile()) throw new Error(`${file}: not a file`);
  const rows = await loadRecordedResultsFile(file, domainOfResultsFile(file));
  return new Map(rows.map((row) => [row.query, row.calls]));
}
