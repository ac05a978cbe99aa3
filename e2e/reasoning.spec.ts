// Reasoning models from the launch form: an effort the model does not take is a field error; gpt-5-mini
// with the react agent against the strict fake (which refuses `stop` and `temperature` as OpenAI does)
// completes, and the run page's Reproducibility panel says what its requests carried.
import { loadDataset } from "@/lib/workbench/datasets";
import { testDataDir } from "../lib/workbench/test-support/data-dir";
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import { expect, test } from "./fixtures";
import { LaunchPage } from "./pages/launch-page";
import { RunPage } from "./pages/run-page";

let mock: MockProvider;
test.beforeAll(async () => {
  mock = await startMockProvider({ dataset: await loadDataset(testDataDir(), "v1"), behaviour: "oracle", strict: true });
});
test.afterAll(async () => {
  await mock.close();
});

async function fillReactRun(launch: LaunchPage, model: string, effort: string) {
  await launch.fillMockRun("react", model, mock.url);
  await launch.choose("reasoningEffort", effort);
  await launch.fill("limit", "3");
  await launch.choose("sample", "first");
}

test("an effort the model does not take is refused beside the field", async ({ page }) => {
  const launch = new LaunchPage(page);
  await fillReactRun(launch, "gpt-4o", "high");
  await launch.submit();
  await expect(launch.fieldError("reasoningEffort")).toContainText('Reasoning effort "high" is not supported by gpt-4o');
  await expect(page).toHaveURL(/\/runs\/new$/);
  await expect(page.locator("#reasoningEffort")).toHaveValue("high");
});

test("gpt-5-mini with the react agent completes with 0 refused requests and records its request parameters", async ({ page }) => {
  test.setTimeout(120_000);
  const rejectedBefore = mock.stats.rejected;
  const launch = new LaunchPage(page);
  await fillReactRun(launch, "gpt-5-mini", "low");
  await launch.fill("name", `e2e reasoning ${Date.now()}`);
  await launch.submit();
  await page.waitForURL(/\/runs\/(?!new)[^/]+$/, { timeout: 30_000 });
  const run = new RunPage(page);
  await run.waitForStatus("completed");
  await expect(run.accuracy).toHaveText("100.00 %");
  expect(mock.stats.rejected).toBe(rejectedBefore);
  const panel = page.getByTestId("reproducibility");
  await expect(panel).toContainText('"stopSequences":"client"');
  await expect(panel).toContainText('"temperature":null');
  await expect(panel).toContainText('"reasoningEffort":"low"');
});
