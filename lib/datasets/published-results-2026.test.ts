import { describe, expect, test } from "vitest";
import { parseResultsFileName2026 } from "@/lib/workbench/results/load-2026";
import { publishedResults2026 } from "./published-results-2026";
import { V2026_TASKS_COMMIT } from "./official-files";

describe("publishedResults2026", () => {
  test("24 models × 6 domains, each a .csv.gz with its _meta.json, at the pinned commit, in the 2026 results layout", () => {
    const files = publishedResults2026();
    expect(files).toHaveLength(24 * 6 * 2);
    expect(new Set(files.map((file) => file.commit))).toEqual(new Set([V2026_TASKS_COMMIT]));
    const results = files.filter((file) => file.repoPath.endsWith(".csv.gz"));
    for (const file of results) {
      expect(file.localPath).toBe(file.repoPath.replace(/^data\/results\//, "v2026/results/"));
      expect(files.some((meta) => meta.repoPath === file.repoPath.replace(/\.csv\.gz$/, "_meta.json"))).toBe(true);
    }
    const parsed = results.map((file) => ({ domain: file.repoPath.split("/")[2], ...parseResultsFileName2026(file.repoPath)! }));
    expect(parsed.every((run) => run.toolSet === "all")).toBe(true);
    const models = new Set(parsed.map((run) => run.model));
    expect(models.size).toBe(24);
    for (const model of models) expect(new Set(parsed.filter((run) => run.model === model).map((run) => run.domain)).size).toBe(6);
  });
});
