// fetch against a local HTTP server that serves ../shared/workbench under the repository's paths.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fetchOfficialFiles, FetchError } from "./fetch-official";
import { V1_COMMIT, V2026_CRM_COMMIT, V2026_TASKS_COMMIT, V2026_TOOL_SOURCE_COMMITS } from "./official-files";

const shared = path.resolve(process.cwd(), "..", "shared", "workbench");

/** The repository layout, written independently of official-files.ts: commit + repo path → local file. */
function localFileFor(commit: string, repoPath: string): string | null {
  if (commit === V1_COMMIT) return path.join(shared, "v1", repoPath);
  const toolSource = /^src\/tools\/([a-z_]+\.py)$/.exec(repoPath);
  if (toolSource && V2026_TOOL_SOURCE_COMMITS[toolSource[1]!] === commit) return path.join(shared, "v2026", "src", "tools", toolSource[1]!);

  if (commit === V2026_TASKS_COMMIT) {
    const match = /^data\/processed\/tasks_and_outcomes\/(v2026-05-1[79])\/([a-z_]+_tasks_and_outcomes\.csv)$/.exec(repoPath);
    if (!match) return null;
    const [, folder, file] = match;
    // Only the email file comes from the 05-17 folder.
    if ((folder === "v2026-05-17") !== file!.startsWith("email_")) return null;
    return path.join(shared, "v2026", "tasks_and_outcomes", file!);
  }
  if (commit === V2026_CRM_COMMIT && repoPath === "data/processed/customer_relationship_manager_data.csv") {
    return path.join(shared, "v2026", "sandbox", "customer_relationship_manager_data.csv");
  }
  return null;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

let server: http.Server;
let baseUrl: string;
let truncate = "";
/** A port nothing listens on (fetch refuses well-known ports like 9 before connecting). */
let closedPort = 0;

beforeAll(async () => {
  if (!existsSync(shared)) throw new Error(`official data missing at ${shared}`);
  server = http.createServer((request, response) => {
    const [, commit = "", ...rest] = decodeURIComponent(request.url ?? "").split("/");
    const repoPath = rest.join("/");
    const file = localFileFor(commit, repoPath);
    if (!file || !existsSync(file)) {
      response.writeHead(404).end("404: Not Found");
      return;
    }
    const bytes = readFileSync(file);
    if (repoPath.endsWith(truncate) && truncate) {
      // Promise the full length, send half, then cut the connection.
      response.writeHead(200, { "content-length": bytes.length });
      response.write(bytes.subarray(0, bytes.length >> 1), () => response.destroy());
      return;
    }
    response.writeHead(200, { "content-length": bytes.length }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const tempDir = () => fs.mkdtemp(path.join(os.tmpdir(), "workbench-fetch-"));

describe("fetchOfficialFiles", () => {
  test("downloads every official file byte-identical into the shared layout", async () => {
    const outDir = await tempDir();
    const written = await fetchOfficialFiles({ outDir, baseUrl });
    // v2026/src/README.md is the local note on those sources' commits, not a repository file.
    const expected = listFiles(shared).map((file) => path.relative(shared, file)).filter((file) => file !== path.join("v2026", "src", "README.md")).sort();
    const got = listFiles(outDir).map((file) => path.relative(outDir, file)).sort();
    expect(got).toEqual(expected);
    expect(written).toHaveLength(expected.length);
    for (const relative of expected) {
      expect(readFileSync(path.join(outDir, relative)).equals(readFileSync(path.join(shared, relative))), relative).toBe(true);
    }
    await fs.rm(outDir, { recursive: true, force: true });
  });

  test.each([
    ["a 404", () => `${baseUrl}/missing-prefix`, /HTTP 404/],
    ["a refused connection", () => `http://127.0.0.1:${closedPort}`, /network error \(.*ECONNREFUSED/],
    ["a connection cut mid-file", () => baseUrl, /transfer failed|network error/],
  ])("%s gives a clear error naming the URL and leaves no partial file", async (_label, url, message) => {
    truncate = _label.includes("cut") ? "data/processed/analytics_data.csv" : "";
    const outDir = await tempDir();
    const error = await fetchOfficialFiles({ outDir, baseUrl: url() }).catch((caught: unknown) => caught);
    truncate = "";
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).message).toMatch(message);
    expect((error as FetchError).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const leftovers = listFiles(outDir);
    expect(leftovers.filter((file) => file.endsWith(".part"))).toEqual([]);
    for (const file of leftovers) {
      const relative = path.relative(outDir, file);
      expect(readFileSync(file).equals(readFileSync(path.join(shared, relative))), relative).toBe(true);
    }
    await fs.rm(outDir, { recursive: true, force: true });
  });
});
