import { expect, test } from "./fixtures";
import { LeaderboardPage } from "./pages/leaderboard-page";

// The e2e setup imports the paper's recorded results; the v1 scorer must reproduce the original
// evaluator's counts (WORKBENCH-REFERENCE.md), e.g. GPT-4 all tools 294/690 = 42.61 %.
const reproduced = [
  { model: "gpt-4", toolSet: "all", accuracy: "42.61 %" },
  { model: "gpt-4", toolSet: "domains", accuracy: "49.28 %" },
  { model: "claude-2", toolSet: "all", accuracy: "24.49 %" },
  { model: "mistral-8x7B", toolSet: "domains", accuracy: "19.13 %" },
  { model: "llama2-70b", toolSet: "domains", accuracy: "2.32 %" },
] as const;

test.describe("leaderboard", () => {
  for (const { model, toolSet, accuracy } of reproduced) {
    test(`v1 shows ${model} with ${toolSet} tools at ${accuracy}`, async ({ page }) => {
      const leaderboard = new LeaderboardPage(page);
      await leaderboard.goto({ gt: "v1" });
      await expect(leaderboard.accuracyOf(model, toolSet)).toHaveText(accuracy);
    });
  }

  test("ranks by accuracy and filters by tool set", async ({ page }) => {
    const leaderboard = new LeaderboardPage(page);
    await leaderboard.goto({ gt: "v1", tools: "all" });
    // Launched runs (e.g. a 5-task oracle run) may rank above; the recorded ones keep the paper's order.
    const models = await leaderboard.rows().evaluateAll((rows) => rows.map((row) => row.getAttribute("data-model")));
    const rank = (model: string) => models.indexOf(model);
    expect(rank("gpt-4")).toBeGreaterThanOrEqual(0);
    expect(rank("gpt-4")).toBeLessThan(rank("claude-2"));
    expect(rank("claude-2")).toBeLessThan(rank("mistral-8x7B"));
    await expect(leaderboard.row("gpt-4", "domains")).toHaveCount(0);
    await expect(page.getByTestId("accuracy-chart")).toBeVisible();
  });

  test("opens the run of a row", async ({ page }) => {
    const leaderboard = new LeaderboardPage(page);
    await leaderboard.goto({ gt: "v1" });
    await leaderboard.openRun("gpt-4", "all");
    await expect(page.getByTestId("stat-accuracy-value")).toHaveText("42.61 %");
    await expect(page.getByTestId("error-noActions")).toContainText("74");
  });
});
