// The run page's Export menu: every per-run format downloads from it, under its name (the Inspect log
// under the name Inspect gives its logs, so `inspect view` lists it), with the content its consumers
// read. The paper's recorded GPT-4 run (protocol 2024, official tasks) can take all six.
import fs from "node:fs";
import { expect, test } from "./fixtures";
import { LeaderboardPage } from "./pages/leaderboard-page";
import { RunPage } from "./pages/run-page";

test("each format downloads from the run page's Export menu", async ({ page }) => {
  test.setTimeout(240_000);
  const leaderboard = new LeaderboardPage(page);
  await leaderboard.goto({ gt: "v1" });
  await leaderboard.openRun("gpt-4", "all");
  const runId = new URL(page.url()).pathname.split("/").pop() ?? "";
  await new RunPage(page).goto(runId);

  const expected: [format: string, name: RegExp, check: (bytes: Buffer) => void][] = [
    ["csv", new RegExp(`^run-${runId}\\.csv$`), (bytes) => expect(bytes.toString("utf8").split("\n")[0]).toContain("task,domain")],
    ["json", new RegExp(`^run-${runId}\\.json$`), (bytes) => expect(JSON.parse(bytes.toString("utf8"))).toHaveLength(690)],
    // inspect_ai's listing pattern (log/_file.py log_file_pattern) and `{created}_{task}_{id}`.
    ["inspect", new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-00-00_workbench_${runId}\\.json$`), (bytes) => expect(JSON.parse(bytes.toString("utf8")).eval.run_id).toBe(runId)],
    ["workbench-2024", new RegExp(`^run-${runId}\\.workbench-2024\\.zip$`), (bytes) => expect(bytes.subarray(0, 4).toString("latin1")).toBe("PK\x03\x04")],
    ["workbench-2026", new RegExp(`^run-${runId}\\.workbench-2026\\.zip$`), (bytes) => expect(bytes.subarray(0, 4).toString("latin1")).toBe("PK\x03\x04")],
    ["otlp-json", new RegExp(`^run-${runId}\\.otlp\\.json$`), (bytes) => expect(JSON.parse(bytes.toString("utf8")).resourceSpans[0].scopeSpans[0].spans.length).toBeGreaterThan(690)],
  ];
  for (const [format, name, check] of expected) {
    const menu = page.getByTestId("export-menu");
    if (!(await menu.evaluate((element) => (element as HTMLDetailsElement).open))) await page.getByTestId("export-menu-toggle").click();
    const downloading = page.waitForEvent("download", { timeout: 120_000 });
    await page.getByTestId(`export-${format}`).click();
    const download = await downloading;
    expect(download.suggestedFilename(), format).toMatch(name);
    const file = await download.path();
    check(fs.readFileSync(file));
  }
});
