import { expect, test } from "./fixtures";
import { LeaderboardPage } from "./pages/leaderboard-page";
import { RunPage } from "./pages/run-page";
import { TracePage } from "./pages/trace-page";

test("the trace of a wrong email task shows tool steps, their state changes and the diff to the ground truth", async ({ page }) => {
  const leaderboard = new LeaderboardPage(page);
  await leaderboard.goto({ gt: "v1" });
  await leaderboard.openRun("gpt-4", "all");
  const runId = new URL(page.url()).pathname.split("/").pop() ?? "";

  const run = new RunPage(page);
  await run.goto(runId, { domain: "email", verdict: "wrong", side: "yes" });
  await expect(run.results.first()).toHaveAttribute("data-correct", "false");
  await run.openFirstResult();

  const trace = new TracePage(page);
  await expect(trace.taskText).not.toBeEmpty();
  await expect(trace.verdict("wrong")).toBeVisible();
  await expect(trace.verdict("side-effects")).toBeVisible();
  expect(await trace.groundTruthCalls.count()).toBeGreaterThan(0);
  expect(await trace.toolSteps.count()).toBeGreaterThan(0);
  await expect(trace.toolSteps.first().getByTestId("tool-call")).toContainText("email.");
  // The first divergent step shows its change at once; the other writes' changes are folded previews.
  await expect(trace.stepDiffs.or(trace.stepDiffFolds).first()).toBeVisible();
  await expect(trace.verdictDiff.getByTestId("diff-table").first()).toBeVisible();
});
