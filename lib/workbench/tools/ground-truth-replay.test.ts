/**
 * Ground truth must always execute: every call string of every task's answer (v1) and outcome (v2026)
 * parses and runs without raising, and every side-effect call succeeds (no validation message).
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { parseCall, parseCallList } from "../calls";
import { createSandbox } from "../sandbox/sandbox";
import { realSandboxData, v1Dir } from "../test-support/real-sandbox";
import { executeCall, getTool } from ".";

const SUCCESS = /successfully\.$|^\d{8}$|^plots\/.+\.png$/;

function taskFiles(dir: string, column: string): [string, string[][]][] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".csv"))
    .map((file) => {
      const rows = parse(readFileSync(path.join(dir, file), "utf8"), { columns: true }) as Record<string, string>[];
      return [file, rows.map((row) => parseCallList(row[column] ?? ""))];
    });
}

const SOURCES = [
  ["v1 answers", path.join(v1Dir(), "data/processed/queries_and_answers"), "answer"],
  ["v2026 outcomes", path.join(v1Dir(), "../v2026/tasks_and_outcomes"), "outcome"],
] as const;

describe.each(SOURCES)("%s replay without errors", (_name, dir, column) => {
  const files = taskFiles(dir, column);

  test("there are 690 tasks in 6 files", () => {
    expect(files).toHaveLength(6);
    expect(files.reduce((total, [, tasks]) => total + tasks.length, 0)).toBe(690);
  });

  test.each(files)("%s", (_file, tasks) => {
    const data = realSandboxData();
    let calls = 0;
    for (const answer of tasks) {
      const sandbox = createSandbox(data);
      for (const raw of answer) {
        const parsed = parseCall(raw);
        expect(parsed, raw).toMatchObject({ ok: true });
        if (!parsed.ok) continue;
        const outcome = executeCall(sandbox, parsed.call);
        expect(outcome, raw).toMatchObject({ ok: true });
        if (outcome.ok && getTool(parsed.call.tool)?.hasSideEffects) expect(String(outcome.value), raw).toMatch(SUCCESS);
        calls += 1;
      }
    }
    expect(calls).toBeGreaterThan(0);
  });
});
