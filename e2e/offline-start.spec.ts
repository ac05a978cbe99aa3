// A fresh `npm start` with nothing imported, WORKBENCH_DATA_DIR pointing nowhere and no network (the
// official file server is a closed port): within 2 minutes it serves a generated workplace — the home
// page lists it, the launch form runs the oracle agent on it, and the leaderboard shows the run.
// Runs its own `npm start` (own embedded PostgreSQL in a temp dir, own port) beside the suite's server;
// uses the suite's production build (NEXT_DIST_DIR, .next-test under `npm test`).
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { NO_SESSION } from "./auth-state";
import { LaunchPage } from "./pages/launch-page";

const repoRoot = path.resolve(import.meta.dirname, "..");
const START_BUDGET_MS = 120_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForHttp(url: string, deadline: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not serving within ${START_BUDGET_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test.describe("first start offline", () => {
  test.use({ storageState: NO_SESSION });
  let child: ChildProcess | undefined;
  let pgDir = "";
  let output = "";

  test.afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      process.kill(-child.pid, "SIGTERM"); // its own process group: start.ts, with-db, next, postgres
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    }
    if (pgDir) rmSync(pgDir, { recursive: true, force: true });
  });

  test("serves a generated dataset, a working launch form and leaderboard within 2 minutes", async ({ page }) => {
    test.setTimeout(START_BUDGET_MS + 120_000);
    const [port, closedPort] = await Promise.all([freePort(), freePort()]);
    pgDir = mkdtempSync(path.join(os.tmpdir(), "wb-offline-pg-"));
    chmodSync(pgDir, 0o755); // the embedded server runs as the postgres user, which must reach its data dir
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      WORKBENCH_DATA_DIR: path.join(os.tmpdir(), "workbench-data-that-does-not-exist"),
      WORKBENCH_PG_DATA_DIR: path.join(pgDir, "pg"),
      WORKBENCH_FETCH_BASE_URL: `http://127.0.0.1:${closedPort}`,
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-test",
    };
    delete env.DATABASE_URL;
    // A fresh install: no sign-in configured (the suite's admin session belongs to the suite's server).
    for (const name of Object.keys(env)) if (name.startsWith("STUDIO_")) delete env[name];
    delete env.WORKBENCH_OFFLINE;
    const started = Date.now();
    child = spawn(path.join(repoRoot, "node_modules", ".bin", "tsx"), ["scripts/start.ts"], { cwd: repoRoot, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/`, started + START_BUDGET_MS, child).catch((error: Error) => {
      throw new Error(`${error.message}\n--- npm start output ---\n${output}`);
    });
    expect(Date.now() - started).toBeLessThan(START_BUDGET_MS);
    expect(output).toContain("does not exist");
    expect(output).toContain("download failed");

    await page.goto(`${base}/`);
    await expect(page.getByTestId("dataset-gen-s1-x1")).toBeVisible();
    await expect(page.getByTestId("generated-params")).toContainText("seed 1");

    await page.goto(`${base}/runs/new`);
    const launch = new LaunchPage(page);
    await expect(launch.form).toBeVisible();
    await expect(page.locator("#dataset")).toHaveValue("gen-s1-x1");
    await launch.chooseAgent("oracle");
    await launch.fill("limit", "10");
    await launch.fill("concurrency", "5");
    await launch.submit();
    await page.waitForURL(/\/runs\/(?!new)[^/]+$/, { timeout: 30_000 });
    await expect(page.getByTestId("run-progress").first()).toHaveAttribute("data-total", "10");
    await expect(page.getByText("10/10 · 100 %")).toBeVisible({ timeout: 60_000 });

    await page.goto(`${base}/leaderboard/runs`); // the 10-task run is partial: the configuration board leaves it out
    // The oracle is a reference agent: listed apart from the (empty) ranking of models.
    await expect(page.getByTestId("reference-table")).toBeVisible();
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(1);
    await expect(page.getByTestId("leaderboard-row").first()).toContainText("oracle");
  });
});
