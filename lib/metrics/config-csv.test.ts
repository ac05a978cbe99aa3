import { describe, expect, test } from "vitest";
import { configCsvRows } from "./config-csv";
import { configLeaderboard, summaryOfRun, type ConfigRunInput } from "./config-leaderboard";

const makeRun = (overrides: Partial<ConfigRunInput>): ConfigRunInput => ({
  id: "r1", name: "run", dataset: "workbench", groundTruth: "v1", versionRevision: 1, protocol: "2024", revision: "2024", model: "gpt-4o", agent: "react",
  provider: "openai", toolSet: "all", source: "launched", createdAt: new Date("2026-01-01"), versionTasks: 4, costUsd: 0.4, tokens: 4000,
  domains: [
    { domain: "email", results: 2, tasks: 2, correct: 1, sideEffects: 1 },
    { domain: "crm", results: 2, tasks: 2, correct: 2, sideEffects: 0 },
  ],
  ...overrides,
});

const TEXT_COLUMNS = new Set(["model", "agent", "provider", "tool_set", "reference_agent", "cost_estimated", "dataset", "ground_truth", "protocol", "scoring_revision", "rank_band", "noise_repeat_kind"]);

describe("configCsvRows", () => {
  const rows = configLeaderboard(
    [
      makeRun({ id: "a" }),
      makeRun({ id: "o", agent: "oracle", model: null, provider: null, costUsd: 0, tokens: 0 }),
      makeRun({ id: "r", model: "recorded-model", agent: "recorded", costUsd: null, tokens: null, groundTruth: "v2026", versionRevision: 2, protocol: "2026", revision: "2026-07" }),
    ].map(summaryOfRun),
    [],
    {},
  );
  const [header = [], ...body] = configCsvRows(rows, ["crm", "email"]);
  const cell = (row: readonly string[], name: string) => row[header.indexOf(name)] ?? "missing";
  const byModel = (model: string) => body.find((row) => cell(row, "model") === model) ?? [];

  test("every figure column is a plain number or empty: no %, no range, no dash", () => {
    for (const row of body) {
      header.forEach((name, index) => {
        if (TEXT_COLUMNS.has(name)) return;
        const value = row[index] ?? "";
        expect(value === "" || /^-?\d+(\.\d+)?$/.test(value), `${name} = ${value}`).toBe(true);
      });
    }
  });

  test("rates are fractions, the interval is two bounds around them, unknown is empty", () => {
    const gpt = byModel("gpt-4o");
    expect(Number(cell(gpt, "pass_at_1"))).toBe(3 / 4);
    expect(Number(cell(gpt, "side_effect_rate"))).toBe(1 / 4);
    expect(Number(cell(gpt, "pass_at_1_email"))).toBe(1 / 2);
    expect(Number(cell(gpt, "pass_at_1_ci_low"))).toBeLessThan(0.75);
    expect(Number(cell(gpt, "pass_at_1_ci_high"))).toBeGreaterThan(0.75);
    expect(Number(cell(gpt, "cost_per_task_usd"))).toBeCloseTo(0.1, 12);
    expect(cell(gpt, "pass_hat_k")).toBe("");
    const recorded = byModel("recorded-model");
    expect([cell(recorded, "cost_per_task_usd"), cell(recorded, "tokens_per_task")]).toEqual(["", ""]);
    // Whether a cost is estimated is its own column: false for a measured one, empty when unknown.
    expect([cell(gpt, "cost_estimated"), cell(recorded, "cost_estimated")]).toEqual(["false", ""]);
  });

  test("dataset, ground truth, its revision, protocol and scoring revision are columns; reference agents last", () => {
    expect(header.slice(0, 10)).toEqual(["model", "agent", "provider", "tool_set", "reference_agent", "dataset", "ground_truth", "ground_truth_revision", "protocol", "scoring_revision"]);
    const recorded = byModel("recorded-model");
    expect([cell(recorded, "dataset"), cell(recorded, "ground_truth"), cell(recorded, "ground_truth_revision"), cell(recorded, "protocol"), cell(recorded, "scoring_revision")]).toEqual(["workbench", "v2026", "2", "2026", "2026-07"]);
    expect(body.map((row) => cell(row, "agent")).at(-1)).toBe("oracle");
    expect(body.map((row) => cell(row, "reference_agent"))).toEqual(["false", "false", "true"]);
  });
});
