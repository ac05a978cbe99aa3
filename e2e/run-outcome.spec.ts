// A run's status says what happened: a run whose every task failed at the provider shows as failed
// (in red, with why), its rates read "—" rather than 0 % beside a 20 % exact match, its failures are
// counted apart from the agent's, and neither leaderboard ranks it. Cancel asks first and skips the
// tasks no worker started. The launch form says "sign in" before anything is submitted.
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import { NO_SESSION } from "./auth-state";
import { expect, test } from "./fixtures";
import { LaunchPage } from "./pages/launch-page";
import { LeaderboardPage } from "./pages/leaderboard-page";
import { RunPage } from "./pages/run-page";

let mock: MockProvider;

test.beforeAll(async () => {
  // Slow replies keep a run going while it is cancelled.
  mock = await startMockProvider({ behaviour: "noop", latencyMs: 1_500 });
});

test.afterAll(async () => {
  await mock.close();
});

test("a run whose every task failed at the provider shows as failed and is absent from the ranked rows", async ({ page }) => {
  test.setTimeout(240_000);
  // The e2e server's openai-compatible endpoint points at port 9, where nothing listens.
  const model = `unreachable-${Date.now()}`;
  const launch = new LaunchPage(page);
  await launch.goto();
  await expect(page.getByTestId("sign-in-needed")).toHaveCount(0); // the admin is signed in
  await launch.chooseAgent("react");
  await launch.choose("endpoint", "openai-compatible");
  await launch.fill("model", model);
  await launch.fill("limit", "3");
  await launch.fill("concurrency", "3");
  await launch.fill("name", `e2e provider down ${model}`);
  await launch.submit();
  await page.waitForURL(/\/runs\/(?!new)[^/]+$/, { timeout: 30_000 });
  const runId = new URL(page.url()).pathname.split("/").pop() as string;

  const run = new RunPage(page);
  await run.waitForStatus("failed", 200_000);
  await expect(run.status).toHaveText("failed");
  await expect(run.status).toHaveClass(/badge-bad/);
  await expect(page.getByTestId("run-error")).toContainText("every task failed at the provider (3/3)");
  // No rate over nothing: "—" with the reason, not 0 % accuracy beside a 20 % exact match.
  await expect(run.accuracy).toHaveText("—");
  await expect(run.accuracy.locator("[data-figure]")).toHaveAttribute("title", /every task failed at the provider/);
  await expect(page.getByTestId("stat-exact-match-value")).toHaveText("—");
  await expect(page.getByTestId("stat-provider-failures-value")).toHaveText("3");
  // Counted apart from the agent's behaviour: not "no actions (failed to follow ReAct)".
  await expect(page.getByTestId("error-providerFailures")).toContainText("3");
  await expect(page.getByTestId("error-noActions")).toContainText("0");

  // The runs board shows it failed too.
  await page.goto("/runs");
  await expect(page.locator(`[data-testid="run-row"][data-run-id="${runId}"] [data-testid="run-status"]`)).toHaveAttribute("data-status", "failed");

  // Ranked nowhere: not on the per-run board (newest first, where it would lead), not among the
  // configurations of its endpoint (partial runs included), while the boards do list other runs.
  await page.goto("/leaderboard/runs?sort=date&dir=desc");
  await expect(page.getByTestId("leaderboard-row").first()).toBeVisible();
  await expect(page.locator(`[data-testid="leaderboard-row"][data-model="${model}"]`)).toHaveCount(0);
  const board = new LeaderboardPage(page);
  await board.goto({ partial: true });
  await expect(board.rows().first()).toBeVisible();
  await page.goto("/leaderboard?provider=openai-compatible&partial=1");
  await expect(board.table.or(page.getByTestId("leaderboard-empty"))).toBeVisible();
  await expect(page.locator(`[data-testid="config-row"][data-model="${model}"]`)).toHaveCount(0);
});

test("cancel asks for confirmation; the tasks it left unstarted show as skipped", async ({ page }) => {
  test.setTimeout(180_000);
  const launch = new LaunchPage(page);
  await launch.fillMockRun("react", "noop", mock.url);
  await launch.fill("limit", "20");
  await launch.fill("concurrency", "1");
  await launch.fill("name", `e2e cancel ${Date.now()}`);
  await launch.submitAndOpenRun();

  await page.getByTestId("cancel-run").click();
  await expect(page.getByTestId("cancel-confirm")).toContainText("Running tasks finish; the rest are skipped");
  await page.getByTestId("cancel-run-confirm").click();
  const run = new RunPage(page);
  await run.waitForStatus("cancelled", 60_000);
  // The header agrees with the results: done + skipped = 20, and nothing pending any more.
  const progress = page.getByTestId("run-progress").first();
  const done = Number(await progress.getAttribute("data-done"));
  const skipped = Number(await progress.getAttribute("data-skipped"));
  expect(skipped).toBeGreaterThan(0);
  expect(done + skipped).toBe(20);
  await expect(run.progressText).toContainText(`${done}/20`);
  await expect(run.progressText).toContainText(`${skipped} skipped`);
  await expect(page.getByTestId("verdict-skipped").first()).toBeVisible();
  await expect(page.getByTestId("verdict-pending")).toHaveCount(0);
});

test("without a session the launch form says so at the top, links to sign-in and comes back", async ({ browser }) => {
  const anonymous = await browser.newContext({ storageState: NO_SESSION });
  const page = await anonymous.newPage();
  const launch = new LaunchPage(page);
  await launch.goto();
  const notice = page.getByTestId("sign-in-needed");
  await expect(notice).toBeVisible();
  await expect(notice).toBeInViewport();
  const link = page.getByTestId("sign-in-to-launch");
  await expect(link).toHaveAttribute("href", "/sign-in?next=%2Fruns%2Fnew");

  // Submitting anyway: the refusal is scrolled into view and focused, with the way out beside it.
  await launch.chooseAgent("oracle");
  await launch.fill("limit", "1");
  await page.mouse.wheel(0, 2_000);
  await launch.submit();
  const error = page.locator("[data-form-error]");
  await expect(page.getByTestId("launch-error")).toHaveText("Sign in to make changes");
  await expect(error).toBeFocused();
  await expect(error).toBeInViewport();
  await expect(page.getByTestId("launch-error-sign-in")).toHaveAttribute("href", "/sign-in?next=%2Fruns%2Fnew");

  // The link signs in and returns to the form, which no longer asks.
  await page.getByTestId("launch-error-sign-in").click();
  await page.waitForURL(/\/sign-in\?next=/);
  await page.locator("#password").fill(process.env.STUDIO_ADMIN_PASSWORD as string);
  await page.getByTestId("sign-in-submit").click();
  await page.waitForURL(/\/runs\/new$/);
  await expect(launch.form).toBeVisible();
  await expect(page.getByTestId("sign-in-needed")).toHaveCount(0);
  await anonymous.close();
});
