// `workbench plan`'s arguments: each bad value is one line naming its flag, exit code 2 and no database;
// good values reach the planner, whose sizes are checked against textbook figures in lib/metrics.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { planArguments } from "./plan";

const repoRoot = path.resolve(import.meta.dirname, "..", "..");
const base = { difference: "0.02", discordance: "0.06", baseAccuracy: "0.9" };

describe("planArguments", () => {
  test("stated discordance: the numbers, defaults left to the planner", () => {
    expect(planArguments({ ...base, alpha: "0.05", power: "0.8", tasks: "690", icc: "0.3" })).toEqual({
      ok: true,
      input: { difference: 0.02, discordance: 0.06, baseAccuracy: 0.9, alpha: 0.05, power: 0.8, tasks: 690, icc: 0.3 },
      runs: null,
    });
  });

  test("--runs: two ids, discordance and base accuracy left to the database", () => {
    expect(planArguments({ difference: "0.02", runs: ["a", "b"] })).toMatchObject({ ok: true, runs: ["a", "b"], input: { difference: 0.02, discordance: undefined } });
  });

  test.each([
    [{ ...base, difference: "2" }, "--difference: a share above 0 and below 1"],
    [{ ...base, difference: "0" }, "--difference: a share above 0 and below 1"],
    [{ ...base, difference: "" }, "--difference: give a number"],
    [{ ...base, discordance: "0.01" }, "--discordance: at least the difference (0.02)"],
    [{ ...base, discordance: "x" }, "--discordance: give a number"],
    [{ ...base, baseAccuracy: "1" }, "--base-accuracy: a share from 0 and below 1"],
    [{ ...base, power: "1.2" }, "--power: a share above 0 and below 1"],
    [{ ...base, alpha: "0" }, "--alpha: a share above 0 and below 1"],
    [{ ...base, tasks: "12.5" }, "--tasks: a whole number of tasks, at least 1"],
    [{ ...base, icc: "-0.1" }, "--icc: a share from 0 to 1"],
    [{ discordance: "0.06", baseAccuracy: "0.9" }, "--difference: the difference to detect is required"],
    [{ difference: "0.02" }, "--discordance: required without --runs"],
    [{ difference: "0.02", runs: ["a"] }, "--runs: give exactly two run ids (got 1)"],
    [{ ...base, runs: ["a", "b"] }, "--runs: the discordance and base accuracy come from the two runs"],
  ])("%j is refused", (flags, message) => {
    const parsed = planArguments(flags);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.join("\n")).toContain(message);
  });
});

function workbenchPlan(...args: string[]) {
  return spawnSync(path.join(repoRoot, "node_modules", ".bin", "tsx"), ["scripts/workbench.ts", "plan", ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: "" },
  });
}

describe("workbench plan", () => {
  test("prints the sizes and the arithmetic", () => {
    const run = workbenchPlan("--difference", "0.02", "--discordance", "0.06", "--base-accuracy", "0.9", "--icc", "0.3");
    expect(run.status, run.stderr).toBe(0);
    // Connor (1987): (1.96 √0.06 + 0.8416 √0.0596)² / 0.0004 = 1175.0
    expect(run.stdout).toContain("paired (McNemar):   1175 pairs → on 690 tasks: 3 trials per task");
    expect(run.stdout).toContain("paired: n = (1.9600 × √0.06 + 0.8416 × √(0.06 − 0.02²))² / 0.02² = 1175.0 → 1175 pairs");
  });

  test("bad input: one line per problem, exit code 2, no database started", () => {
    const run = workbenchPlan("--difference", "0.02", "--discordance", "0.01", "--base-accuracy", "1.5");
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toEqual([
      '--base-accuracy: a share from 0 and below 1 (got "1.5")',
      "--discordance: at least the difference (0.02): two configurations differ only where they disagree",
    ]);
    expect(run.stdout).toBe("");
  });
});
