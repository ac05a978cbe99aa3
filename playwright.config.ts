// Playwright e2e against a production build (`next build` first: scripts/test.ts does it). The web
// server imports the official data into DATABASE_URL, then serves with `next start`.
// Standalone: `npm run build && npm run test:e2e` (with-db provides the database).
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { ADMIN_STATE } from "./e2e/auth-state";
import { CHROMIUM_ARGS } from "./scripts/bench/first-load-js";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.WORKBENCH_DATA_DIR ?? path.resolve(import.meta.dirname, "..", "shared", "workbench");

// The suite runs with sign-in on, as a shared server would: `setup` signs the admin in once and saves
// the session (ADMIN_STATE); specs use it, and the no-session specs open fresh contexts. scripts/test.ts
// sets a random password; standalone runs get this fixed one (workers inherit the main process's env).
process.env.STUDIO_ADMIN_PASSWORD ||= "e2e-admin-password-0000";

// Debian's chromium (apt-get install chromium); Playwright's own browsers are not downloadable here.
// Its flags (CHROMIUM_ARGS) are one list, shared with the first-load JS bench.

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["line"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "setup",
      testMatch: /auth\.setup\.ts$/,
      use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS } },
    },
    {
      name: "chromium",
      dependencies: ["setup"],
      use: {
        ...devices["Desktop Chrome"],
        storageState: ADMIN_STATE,
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    // import-data imports the official folder with the paper's 8 recorded v1 runs it holds (~1 min; as
    // `npm start` with WORKBENCH_DATA_DIR does) for the leaderboard/trace specs; import-results gives the
    // protocols spec a 2026-format run (lib/runs/import/fixtures/results-2026). The datasets spec
    // gets a generated workplace with an oracle run on it (what an offline first start creates), and a
    // 5-task noop run of the official v2026 on a domain the 2026-format run never touched.
    command:
      `npx tsx scripts/workbench.ts import-data --data "${dataDir}"` +
      ` && npx tsx scripts/workbench.ts import-results --results lib/runs/import/fixtures/results-2026` +
      ` && npx tsx scripts/workbench.ts generate --seed 1 --import` +
      ` && npx tsx scripts/workbench.ts run --agent oracle --dataset gen-s1-x1 --gt v1 --concurrency 16 --name "e2e oracle gen-s1-x1"` +
      ` && npx tsx scripts/workbench.ts run --agent noop --gt v2026 --domains project_management --limit 5 --sample first --name "e2e noop project v2026"` +
      ` && npx next start --hostname 127.0.0.1 --port ${port}`,
    url: baseURL,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      CHECKPOINT_DISABLE: "1",
      WORKBENCH_DATA_DIR: dataDir,
      PORT: String(port),
      STUDIO_ADMIN_PASSWORD: process.env.STUDIO_ADMIN_PASSWORD,
    },
  },
});
