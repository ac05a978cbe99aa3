// API keys stay on the server. `npm test` builds and serves the app with every provider key set to a
// random canary (WORKBENCH_SECRET_CANARY); neither the build output nor any served page may contain it.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { test, expect } from "./fixtures";

const distDir = path.resolve(process.env.NEXT_DIST_DIR || ".next");

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // The build cache holds compiler state, not shipped code.
    if (entry.isDirectory() && entry.name !== "cache") yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

function canary(): string {
  const value = process.env.WORKBENCH_SECRET_CANARY;
  expect(value, "run through `npm test`, which sets WORKBENCH_SECRET_CANARY and the provider keys").toBeTruthy();
  return value as string;
}

test("the build output contains no provider key", async () => {
  const secret = canary();
  const leaks: string[] = [];
  let clientFiles = 0;
  for await (const file of filesUnder(distDir)) {
    if (file.includes(`${path.sep}static${path.sep}`)) clientFiles += 1;
    if ((await readFile(file)).includes(secret)) leaks.push(path.relative(distDir, file));
  }
  expect(clientFiles, "the client bundle was found and read").toBeGreaterThan(0);
  expect(leaks).toEqual([]);
});

test("served pages contain no provider key", async ({ page }) => {
  const secret = canary();
  for (const url of ["/", "/runs/new", "/runs", "/leaderboard", "/leaderboard/runs", "/tasks"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    expect(await page.content(), url).not.toContain(secret);
  }
});
