// `workbench run` with bad flags: one line per problem naming the flag the user typed, exit code 2,
// and no database started (validation comes before anything else).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { flagOf } from "./run";

const repoRoot = path.resolve(import.meta.dirname, "..", "..");

function workbenchRun(...args: string[]) {
  const env = { ...process.env, DATABASE_URL: "" };
  return spawnSync(path.join(repoRoot, "node_modules", ".bin", "tsx"), ["scripts/workbench.ts", "run", ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    env,
  });
}

describe("workbench run rejects bad input before touching a database", () => {
  test.each([
    [["--agent", "gpt"], ["--agent: Invalid option"]],
    [["--agent", "react"], ["--endpoint: The react agent needs an endpoint", "--model: The react agent needs a model id"]],
    [["--agent", "oracle", "--concurrency", "0"], ["--concurrency: Too small"]],
    [["--agent", "oracle", "--concurrency", "100"], ["--concurrency: Too big"]],
    [["--agent", "oracle", "--limit", "-1"], ["--limit: Too small"]],
    [["--agent", "oracle", "--domains", "emial"], ["--domains: Invalid option"]],
    [["--agent", "oracle", "--gt", "v3"], ["--gt: Invalid option"]],
    [["--agent", "oracle", "--tool-set", "some"], ["--tool-set: Invalid option"]],
    [["--agent", "replay"], ["--results-file: The replay agent needs a recorded results file"]],
    [["--agent", "react", "--endpoint", "custom", "--model", "m", "--base-url", "file:///etc/passwd"], ["--base-url: Must be an http:// or https:// URL"]],
    [["--agent", "oracle", "--name", "a\u0001b"], ["--name: Control characters (such as NUL) are not allowed"]],
    [["--agent", "oracle", "--estimate", "--tasks", "0"], ["--tasks: At least 1 task"]],
    [["--agent", "oracle", "--estimate", "--tasks", "many"], ["--tasks: A whole number of tasks"]],
    [["--agent", "oracle", "--estimate", "--limit", "10"], ["--limit: An estimated run chooses its own tasks"]],
    [["--agent", "oracle", "--tasks", "10"], ["--tasks: only with --estimate"]],
    [["--agent", "oracle", "--ask-confidence"], ["--ask-confidence: The confidence turn asks a model: the oracle agent has none"]],
  ])("%j", (args, messages) => {
    const run = workbenchRun(...args);
    expect(run.status, run.stderr).toBe(2);
    for (const message of messages) expect(run.stderr).toContain(message);
    expect(run.stdout).not.toContain("database:");
  });
});

describe("flagOf", () => {
  test.each([
    ["groundTruth", "--gt"],
    ["toolSet", "--tool-set"],
    ["resultsFile", "--results-file"],
    ["timeoutMs", "--timeout-ms"],
    ["limit", "--limit"],
    [undefined, "input"],
  ])("%s → %s", (field, flag) => {
    expect(flagOf(field)).toBe(flag);
  });
});
