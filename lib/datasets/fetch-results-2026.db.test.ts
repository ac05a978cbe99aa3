// fetch + import of 2026 results through a local file server standing in for the repository's raw
// files (`fetch --base-url`): the fixture results (lib/runs/import/fixtures/results-2026, written in
// upstream inference.py's format) are downloaded into v2026/results and imported with their counts.
import { readFileSync, readdirSync } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { importResults2026 } from "@/lib/runs/import/import-results-2026";
import { fetchPublishedResults2026 } from "./fetch-official";
import { V2026_TASKS_COMMIT, type OfficialFile } from "./official-files";
import { PUBLISHED_RESULTS_2026_DIR } from "./published-results-2026";
import { importPublished2026 } from "@/scripts/starter-data";

const FIXTURES = path.resolve(import.meta.dirname, "../runs/import/fixtures/results-2026");
/** The fixture files as the repository would list them. */
const files: OfficialFile[] = readdirSync(FIXTURES).flatMap((domain) =>
  readdirSync(path.join(FIXTURES, domain))
    .filter((name) => name.endsWith(".csv.gz") || name.endsWith("_meta.json"))
    .map((name) => ({ commit: V2026_TASKS_COMMIT, repoPath: `data/results/${domain}/${name}`, localPath: `${PUBLISHED_RESULTS_2026_DIR}/${domain}/${name}` })),
);

let server: http.Server;
let baseUrl: string;
let context: RunsTestContext;

beforeAll(async () => {
  context = await setUpRunsTest();
  server = http.createServer((request, response) => {
    const match = new RegExp(`^/${V2026_TASKS_COMMIT}/data/results/([a-z_]+)/([^/]+)$`).exec(decodeURIComponent(request.url ?? ""));
    try {
      const bytes = match ? readFileSync(path.join(FIXTURES, match[1]!, match[2]!)) : null;
      if (!bytes) throw new Error("no route");
      response.writeHead(200, { "content-length": bytes.length }).end(bytes);
    } catch {
      response.writeHead(404).end("404: Not Found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await tearDownRunsTest(context);
});

describe("fetch + import of published 2026 results", () => {
  test("downloads them into v2026/results byte-identical, and importing gives the fixture's counts", async () => {
    const outDir = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-results-fetch-"));
    try {
      const written = await fetchPublishedResults2026({ outDir, baseUrl, files });
      expect(written).toHaveLength(6); // 3 domains × (results + meta)
      for (const file of files) {
        const [, , domain, name] = file.repoPath.split("/");
        expect(readFileSync(path.join(outDir, file.localPath)).equals(readFileSync(path.join(FIXTURES, domain!, name!))), name).toBe(true);
      }
      const [run, ...others] = await importResults2026(context.db, { resultsPath: path.join(outDir, PUBLISHED_RESULTS_2026_DIR), revision: "2026-07" });
      expect(others).toEqual([]);
      // The fixture's 7 rows: 3 correct under 2026-07 (see import-results-2026.db.test.ts for each row).
      expect(run).toMatchObject({ tasks: 7, correct: 3 });
      expect(await context.db.run.findUniqueOrThrow({ where: { id: run!.runId } })).toMatchObject({ model: "gpt-5.4-mini", protocol: "2026", tasksDone: 7, correctCount: 3 });
    } finally {
      await fs.rm(outDir, { recursive: true, force: true });
    }
  });

  test("npm start's first-open step fetches and imports them; a server without them is logged, not fatal", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-starter-"));
    const previous = process.env.WORKBENCH_FETCH_BASE_URL;
    const lines: string[] = [];
    try {
      process.env.WORKBENCH_FETCH_BASE_URL = `${baseUrl}/missing`;
      await importPublished2026(context.db, dir, (line) => lines.push(line), files);
      expect(lines.at(-1)).toMatch(/could not be downloaded \(cannot download .*HTTP 404.*\); only the paper's runs are listed/);
      process.env.WORKBENCH_FETCH_BASE_URL = baseUrl;
      await importPublished2026(context.db, dir, (line) => lines.push(line), files);
      // One run: new, or already there when another test of this database imported the same fixture.
      expect(lines.at(-1)).toMatch(/^Data: upstream's published 2026 runs: (1 imported, 0|0 imported, 1) already there \(\d+\.\d s\)$/);
    } finally {
      if (previous === undefined) delete process.env.WORKBENCH_FETCH_BASE_URL;
      else process.env.WORKBENCH_FETCH_BASE_URL = previous;
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  test("a file the server lacks fails naming its URL", async () => {
    const outDir = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-results-fetch-"));
    try {
      const missing = [{ ...files[0]!, repoPath: "data/results/email/nobody_all_2026-06-01_00-00-00.csv.gz" }];
      await expect(fetchPublishedResults2026({ outDir, baseUrl, files: missing })).rejects.toThrow(/nobody_all_2026-06-01_00-00-00\.csv\.gz: HTTP 404/);
    } finally {
      await fs.rm(outDir, { recursive: true, force: true });
    }
  });
});
