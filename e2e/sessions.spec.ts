// Sign-in for every change: without a session, the launch form and the cancel button change nothing,
// and neither do their server actions replayed from a client with no cookies at all. Read-only pages
// stay public. The signed-in admin's launches are attributed on the run page.
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import { captureAction, replayAction } from "./action-replay";
import { ADMIN_EMAIL, NO_SESSION } from "./auth-state";
import { expect, test } from "./fixtures";
import { LaunchPage } from "./pages/launch-page";
import { RunPage } from "./pages/run-page";

let mock: MockProvider;

test.beforeAll(async () => {
  // A slow scripted model keeps the run going while the anonymous client tries to cancel it.
  mock = await startMockProvider({ behaviour: "noop", latencyMs: 1_000 });
});

test.afterAll(async () => {
  await mock.close();
});

test("without a session, launching changes nothing: by the form and by a replayed action", async ({ browser, playwright }) => {
  const anonymous = await browser.newContext({ storageState: NO_SESSION });
  const page = await anonymous.newPage();
  const launch = new LaunchPage(page);
  const name = `anonymous launch ${Date.now()}`;
  await launch.goto(); // the form itself is a read-only page: public
  await expect(page.getByTestId("sign-in-link")).toBeVisible();
  await launch.chooseAgent("oracle");
  await launch.fill("name", name);
  await launch.fill("limit", "2");
  const action = await captureAction(page, () => launch.submit());
  await expect(page.getByTestId("launch-error")).toHaveText("Sign in to make changes");
  await expect(page).toHaveURL(/\/runs\/new$/);

  const stranger = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, storageState: NO_SESSION });
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await replayAction(stranger, action);
    expect(await response.text()).toContain("Sign in to make changes");
  }
  await page.goto("/runs");
  await expect(page.getByText(name)).toHaveCount(0);
  await stranger.dispose();
  await anonymous.close();
});

test("without a session, cancelling changes nothing; the admin's run completes and names its launcher", async ({ page, browser, playwright }) => {
  test.setTimeout(180_000);
  const launch = new LaunchPage(page);
  await launch.fillMockRun("react", "noop", mock.url);
  await launch.fill("limit", "12");
  await launch.fill("concurrency", "1");
  await launch.fill("name", `cancel guard ${Date.now()}`);
  await launch.submitAndOpenRun();
  const runUrl = page.url();
  await expect(page.getByTestId("run-launched-by")).toContainText(ADMIN_EMAIL);

  const anonymous = await browser.newContext({ storageState: NO_SESSION });
  const stranger = await anonymous.newPage();
  await stranger.goto(runUrl); // run pages are public
  // Cancel asks first: "Keep running" backs out without a request, then the confirmed click sends it.
  await stranger.getByTestId("cancel-run").click();
  await stranger.getByTestId("cancel-run-keep").click();
  await expect(stranger.getByTestId("cancel-confirm")).toHaveCount(0);
  await stranger.getByTestId("cancel-run").click();
  const action = await captureAction(stranger, () => stranger.getByTestId("cancel-run-confirm").click());
  await expect(stranger.getByTestId("cancel-error")).toHaveText("Sign in to make changes");
  const client = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, storageState: NO_SESSION });
  expect(await (await replayAction(client, action)).text()).toContain("Sign in to make changes");

  const run = new RunPage(page);
  await run.waitForStatus("completed", 150_000);
  await expect(run.progressText).toContainText("12/12");
  await client.dispose();
  await anonymous.close();
});
