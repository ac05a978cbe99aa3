import { expect, test } from "./fixtures";
import { LeaderboardPage, RunLeaderboardPage } from "./pages/leaderboard-page";

// The e2e setup imports the paper's recorded results, which carry no usage: their tokens and costs are
// estimated at import (real tokenizers, 2024 list prices) and every place that shows them says so.
const paperConfigurations = [
  ["gpt-4", "all"],
  ["gpt-4", "domains"],
  ["gpt-3.5", "domains"],
  ["claude-2", "all"],
  ["claude-2", "domains"],
  ["llama2-70b", "domains"],
  ["mistral-8x7B", "all"],
  ["mistral-8x7B", "domains"],
] as const;

test.describe("estimated costs of the paper's runs", () => {
  test("the frontier shows every paper configuration, named, with its estimated cost labelled", async ({ page }) => {
    await new LeaderboardPage(page).goto({ gt: "v1" });
    const card = page.getByTestId("frontier-card");
    await expect(card).toBeVisible();
    await expect(card).not.toContainText("No configuration has a known cost");
    for (const [model, toolSet] of paperConfigurations) {
      const point = card.locator(`[data-testid="frontier-point"][data-label="${model} · recorded · ${toolSet}"]`);
      await expect(point, `${model} · ${toolSet}`).toHaveCount(1);
      await expect(point).toHaveAttribute("data-estimated", "true");
      await expect(card.getByTestId("frontier-point-label").filter({ hasText: new RegExp(`^${model} · ${toolSet} \\(est\\.\\)$`) })).toHaveCount(1);
    }
    await expect(card.getByTestId("frontier-legend-estimated")).toContainText("2024 list prices");
    await expect(card.getByText("Cost per task (USD, log scale)")).toBeVisible();
    await expect(card.getByText("Accuracy (pass@1)")).toBeVisible();
    // The frontier's members are listed with their costs: the recorded ones' marked as estimates, launched
    // runs' measured costs (other specs may have seeded some) not.
    const members = card.getByTestId("frontier-list").locator("span:has(> [data-testid=frontier-member])");
    expect(await members.count()).toBeGreaterThan(0);
    for (const member of await members.all()) {
      const name = await member.getByTestId("frontier-member").textContent();
      const cost = member.getByTestId("frontier-member-cost");
      if (name?.includes("· recorded ·")) await expect(cost).toHaveText(/^\$[\d.]+ \(estimated\)$/);
      else await expect(cost).toHaveText(/^\$[\d.]+$/);
    }

    await card.screenshot({ path: test.info().outputPath("frontier.png") });
    // The tooltip names the configuration and says the cost is estimated.
    await card.locator('[data-testid="frontier-point"][data-label="gpt-4 · recorded · all"]').hover({ force: true });
    const tooltip = page.getByTestId("frontier-tooltip");
    await expect(tooltip).toContainText("gpt-4 · recorded · all");
    await expect(tooltip).toContainText(/Cost per task \$[\d.]+ \(estimated\)/);
  });

  test("the table, the run page and the runs board label the estimate", async ({ page }) => {
    const leaderboard = new LeaderboardPage(page);
    await leaderboard.goto({ gt: "v1" });
    await expect(leaderboard.row("gpt-4", "all").locator('[data-column="cost"]')).toHaveText(/^\$[\d.]+ \(estimated\)$/);
    await expect(leaderboard.row("gpt-4", "all").locator('[data-column="tokens"]')).toHaveText(/^[\d,]+ \(estimated\)$/);
    await leaderboard.openRun("gpt-4", "all");
    await expect(page.getByTestId("stat-cost-value")).toHaveText(/^\$[\d.]+ \(estimated\)$/);
    await expect(page.getByTestId("stat-cost")).toContainText("2024-03");
    await expect(page.getByTestId("stat-tokens")).toContainText("cl100k_base");

    const runs = new RunLeaderboardPage(page);
    await runs.goto({ gt: "v1" });
    await expect(runs.row("gpt-4", "all")).toContainText(/\$[\d.]+ \(estimated\)/);
  });
});
