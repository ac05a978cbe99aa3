import { describe, expect, test } from "vitest";
import { configLeaderboard, summaryOfRun, type ConfigRunInput } from "@/lib/metrics/config-leaderboard";
import { configTableText, UNKNOWN } from "@/lib/metrics/config-table";
import { formatUsd, withEstimateLabel } from "./estimated-label";

const run = (overrides: Partial<ConfigRunInput>): ConfigRunInput => ({
  id: "r", name: "run", dataset: "workbench", groundTruth: "v1", versionRevision: null, protocol: "2024", revision: "2024", model: "gpt-4", agent: "recorded", provider: null,
  toolSet: "all", source: "imported", createdAt: new Date("2024-03-21"), versionTasks: 2, costUsd: 0.2, tokens: 6000,
  domains: [{ domain: "email", results: 2, tasks: 2, correct: 1, sideEffects: 0 }],
  ...overrides,
});

describe("estimated costs on the configuration board", () => {
  test("an estimated cost and its tokens are labelled; a measured one is not; unknown stays —", () => {
    const rows = configLeaderboard(
      [run({ id: "e", costEstimated: true }), run({ id: "m", model: "gpt-4o", source: "launched" }), run({ id: "u", model: "x", costUsd: null, tokens: null })].map(summaryOfRun),
      [],
      {},
    );
    const [header, ...cells] = configTableText(rows, []);
    const cost = header?.indexOf("$/task") ?? -1;
    const tokens = header?.indexOf("Tok./task") ?? -1;
    const byModel = new Map(cells.map((row) => [row[0], row]));
    expect(byModel.get("gpt-4")?.[cost]).toBe("$0.100 (estimated)");
    expect(byModel.get("gpt-4")?.[tokens]).toBe("3,000 (estimated)");
    expect(byModel.get("gpt-4o")?.[cost]).toBe("$0.100");
    expect(byModel.get("x")?.[cost]).toBe(UNKNOWN);
    expect(rows.find((row) => row.label === "gpt-4")?.costEstimated).toBe(true);
  });

  test.each([
    [0.0981, false, "$0.10"],
    [0.0057, true, "$0.0057 (estimated)"],
  ])("%f estimated=%s → %s", (usd, estimated, text) => {
    expect(withEstimateLabel(formatUsd(usd), estimated)).toBe(text);
  });
});
