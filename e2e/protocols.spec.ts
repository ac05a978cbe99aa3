import { expect, test } from "./fixtures";
import { LeaderboardPage, RunLeaderboardPage } from "./pages/leaderboard-page";

// The e2e setup imports a 2026-format results fixture (lib/runs/import/fixtures/results-2026): one run of
// gpt-5.4-mini, 7 tasks, 3 correct under scoring revision 2026-07 and 2 under 2026-06 (a plot ending on
// 2023-11-30 is accepted only by the July amendment). 7 of 690 tasks make it a partial run: the
// configuration board lists it only with "Include partial runs".
test.describe.serial("protocols and scoring revisions", () => {
  test("the imported 2026 run is on the leaderboard under protocol 2026, not 2024, and only as a partial run", async ({ page }) => {
    const leaderboard = new LeaderboardPage(page);
    await leaderboard.goto({ gt: "v2026", protocol: "2026", partial: true });
    await expect(leaderboard.row("gpt-5.4-mini", "all")).toHaveCount(1);
    await expect(leaderboard.row("gpt-5.4-mini", "all")).toHaveAttribute("data-partial", "true");
    await leaderboard.goto({ gt: "v2026", protocol: "2026" });
    await expect(leaderboard.row("gpt-5.4-mini", "all")).toHaveCount(0);
    await leaderboard.goto({ gt: "v2026", protocol: "2024", partial: true });
    await expect(leaderboard.row("gpt-5.4-mini", "all")).toHaveCount(0);
  });

  test("the run ranking offers scoring-revision tabs under protocol 2026 only", async ({ page }) => {
    const runs = new RunLeaderboardPage(page);
    await runs.goto({ gt: "v2026", protocol: "2026" });
    await expect(runs.row("gpt-5.4-mini", "all")).toHaveCount(1);
    await expect(page.getByTestId("filter-revision")).toBeVisible();
    await runs.goto({ gt: "v2026", protocol: "2024" });
    await expect(runs.row("gpt-5.4-mini", "all")).toHaveCount(0);
    await expect(page.getByTestId("filter-revision")).toHaveCount(0);
  });

  test("re-scoring from the run page moves the run between revisions", async ({ page }) => {
    const leaderboard = new LeaderboardPage(page);
    const under = (rev?: string) => leaderboard.goto({ gt: "v2026", protocol: "2026", rev, partial: true });
    await under();
    await leaderboard.openRun("gpt-5.4-mini", "all");
    const rescore = async (revision: string, expected: string) => {
      await page.getByTestId("rescore-revision").selectOption(revision);
      await page.getByTestId("rescore-run").click();
      await expect(page.getByTestId("rescore-message")).toContainText(expected);
    };
    await rescore("2026-06", "Re-scored under 2026-06: 2/7 correct");
    await under("2026-06");
    await expect(leaderboard.passAt1Of("gpt-5.4-mini", "all")).toHaveText("28.57 %");
    await under("2026-07");
    await expect(leaderboard.row("gpt-5.4-mini", "all")).toHaveCount(0);

    await under("2026-06");
    await leaderboard.openRun("gpt-5.4-mini", "all");
    await rescore("2026-07", "Re-scored under 2026-07: 3/7 correct");
    await under("2026-07");
    await expect(leaderboard.passAt1Of("gpt-5.4-mini", "all")).toHaveText("42.86 %");
  });
});
