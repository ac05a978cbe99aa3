// The `score` command end to end, as a user runs it: the printed tables and the --json contract.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "..", "..");
const processed = path.resolve(repoRoot, "..", "shared", "workbench", "v1", "data", "processed");
const resultsDir = path.resolve(repoRoot, "..", "shared", "workbench", "v1", "data", "results");

function workbench(...args: string[]) {
  return spawnSync(path.join(repoRoot, "node_modules", ".bin", "tsx"), ["scripts/workbench.ts", ...args], {
    cwd: repoRoot,
    encoding: "utf8",
  });
}

interface JsonEntry {
  model: string;
  toolSet: string;
  domain: string;
  task: string;
  correct: boolean;
  sideEffects: boolean;
  exactMatch: boolean;
  error: string | null;
}

describe("workbench score", () => {
  test("prints the paper's tables and writes one JSON verdict per recorded row", () => {
    const json = path.join(mkdtempSync(path.join(os.tmpdir(), "score-")), "verdicts.json");
    const run = workbench("score", "--data", processed, "--results", resultsDir, "--json", json);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("Table 5");
    expect(run.stdout).toMatch(/gpt-4\s+49\.28% \(340\/690\)\s+42\.61% \(294\/690\)/);

    const report = JSON.parse(readFileSync(json, "utf8")) as { protocol: string; groundTruth: string; revision: string; results: JsonEntry[] };
    expect([report.protocol, report.groundTruth, report.revision]).toEqual(["2024", "v1", "2024"]);
    expect(report.results).toHaveLength(5520);
    for (const entry of report.results.slice(0, 50)) {
      expect(Object.keys(entry).sort()).toEqual(["correct", "domain", "error", "exactMatch", "model", "sideEffects", "task", "toolSet"]);
    }
    const gpt4All = report.results.filter((entry) => entry.model === "gpt-4" && entry.toolSet === "all");
    expect(gpt4All.filter((entry) => entry.correct)).toHaveLength(294);
    expect(gpt4All.filter((entry) => entry.sideEffects)).toHaveLength(177);
    // "task" is the query text, as in the recorded file.
    expect(report.results.map((entry) => entry.task)).toContain("Delete my last email from nadia");
    expect(new Set(report.results.map((entry) => entry.domain))).toEqual(
      new Set(["analytics", "calendar", "customer_relationship_manager", "email", "project_management", "multi_domain"]),
    );
  });

  test("--gt v2026 scores under the 2026 protocol, at the chosen revision, and says so", () => {
    const json = path.join(mkdtempSync(path.join(os.tmpdir(), "score-")), "verdicts.json");
    const run = workbench("score", "--data", processed, "--results", resultsDir, "--gt", "v2026", "--revision", "2026-06", "--json", json);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("against v2026 (protocol 2026, revision 2026-06)");
    const report = JSON.parse(readFileSync(json, "utf8")) as { protocol: string; groundTruth: string; revision: string; results: JsonEntry[] };
    expect([report.protocol, report.groundTruth, report.revision]).toEqual(["2026", "v2026", "2026-06"]);
    expect(report.results).toHaveLength(5520);
  });

  test("a revision the protocol does not have fails with one clear line", () => {
    const run = workbench("score", "--data", processed, "--gt", "v2026", "--revision", "2024");
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(/^workbench: protocol 2026 has revisions 2026-06, 2026-07 \(got 2024\)/);
  });

  test("a wrong data directory fails with one clear line and exit code 1", () => {
    const run = workbench("score", "--data", path.join(os.tmpdir(), "no-such-workbench-dir"));
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(/^workbench: .*not a WorkBench data directory/);
  });
});
