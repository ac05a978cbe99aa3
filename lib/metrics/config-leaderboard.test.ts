import { describe, expect, test } from "vitest";
import { createHash } from "node:crypto";
import { configKey, configKeyFromParam, configKeyParam, SHORT_CONFIG_PARAM, configLeaderboard as boardOfSummaries, sortConfigs, summaryOfRun, type ConfigRunInput, type TaskTrialCounts } from "./config-leaderboard";
import { configColumns, configTableText, shownConfigColumns, UNKNOWN } from "./config-table";

/** A page address of the older form: the whole key, base64url-encoded (configKeyFromParam still reads it). */
const legacyParam = (key: string) => Buffer.from(key, "utf8").toString("base64url");

const makeRun = (overrides: Partial<ConfigRunInput>): ConfigRunInput => ({
  id: "r1", name: "run", dataset: "workbench", groundTruth: "v1", versionRevision: 1, protocol: "2024", revision: "2024", model: "gpt-4o", agent: "react", provider: "openai",
  toolSet: "all", source: "launched", createdAt: new Date("2026-01-01"), versionTasks: 4, costUsd: 0.4, tokens: 4000,
  domains: [
    { domain: "email", results: 2, tasks: 2, correct: 1, sideEffects: 1 },
    { domain: "crm", results: 2, tasks: 2, correct: 2, sideEffects: 0 },
  ],
  ...overrides,
});

/** The board of runs, each stated as the summary of one run (what ConfigSummary pools per configuration). */
const configLeaderboard = (runs: readonly ConfigRunInput[], trials: readonly TaskTrialCounts[], filter: Parameters<typeof boardOfSummaries>[2]) =>
  boardOfSummaries(runs.map(summaryOfRun), trials, filter);
const KEY = configKey(makeRun({}));

describe("configLeaderboard", () => {
  test("pools repeated runs of one configuration; pass^k from per-task trials", () => {
    const runs = [makeRun({ id: "a" }), makeRun({ id: "b", createdAt: new Date("2026-02-01") })];
    const trials = ["t1", "t2", "t3", "t4"].flatMap((taskId, i) => [
      { key: KEY, taskId, domain: i < 2 ? "email" : "crm", trials: 1, correct: 1 },
      { key: KEY, taskId, domain: i < 2 ? "email" : "crm", trials: 1, correct: i === 0 ? 0 : 1 },
    ]);
    const [row] = configLeaderboard(runs, trials, {});
    expect(row).toMatchObject({ results: 8, correct: 6, passAt1: 0.75, k: 2, passHatK: 0.75, coverage: 1, partial: false, costPerTask: 0.1, tokensPerTask: 1000 });
    expect(row?.runs).toBe(2);
    expect(row?.byDomain.email).toEqual({ results: 4, accuracy: 0.5 });
    // Restricted to a domain, pass^k is over that domain's tasks only (t1 flips: email 1/2, crm 2/2).
    expect(configLeaderboard(runs, trials, { domain: "email" })[0]).toMatchObject({ k: 2, passHatK: 0.5 });
    expect(configLeaderboard(runs, trials, { domain: "crm" })[0]).toMatchObject({ k: 2, passHatK: 1 });
  });

  test("pass^k from histogram cells equals pass^k from the per-task rows they summarise", () => {
    const runs = [makeRun({ id: "a" }), makeRun({ id: "b" })];
    // Pooled per task over the two runs of 3 trials each: t1 6/6, t2 4/6, t3 4/6, t4 0/6.
    const perTask = [["t1", 3, 3, 3], ["t2", 2, 2, 4], ["t3", 3, 1, 4], ["t4", 0, 0, 0]].flatMap(([taskId, a, b]) => [
      { key: KEY, taskId: String(taskId), domain: "email", trials: 3, correct: Number(a) },
      { key: KEY, taskId: String(taskId), domain: "email", trials: 3, correct: Number(b) },
    ]);
    const cells = [
      { key: KEY, domain: "email", trials: 6, correct: 6, tasks: 1 },
      { key: KEY, domain: "email", trials: 6, correct: 4, tasks: 2 },
      { key: KEY, domain: "email", trials: 6, correct: 0, tasks: 1 },
    ];
    const fromTasks = configLeaderboard(runs, perTask, {})[0];
    const fromCells = configLeaderboard(runs, cells, {})[0];
    expect(fromTasks?.k).toBe(6);
    expect(fromCells?.k).toBe(6);
    // C(4,6) = 0: only t1 passes all six trials.
    expect(fromTasks?.passHatK).toBeCloseTo(0.25, 12);
    expect(fromCells?.passHatK).toBeCloseTo(fromTasks?.passHatK ?? Number.NaN, 12);
  });

  test("the page shows pass^k only when some configuration has trials; the CSV keeps the column", () => {
    const single = configLeaderboard([makeRun({ id: "a" })], [], {});
    expect(single.every((row) => row.passHatK === null)).toBe(true);
    expect(shownConfigColumns(single, ["email"]).map((column) => column.id)).not.toContain("passk");
    expect(configTableText(single, ["email"])[0]).toContain("pass^k");
    const withTrials = [...single, { ...single[0]!, passHatK: 0.5, k: 3 }];
    expect(shownConfigColumns(withTrials, ["email"]).map((column) => column.id)).toContain("passk");
  });

  test("provider failures are counted apart: not in results, shown as a count and a share of the verdicts", () => {
    const run = makeRun({ domains: [{ domain: "email", done: 5, results: 4, tasks: 5, correct: 2, sideEffects: 1 }], versionTasks: 5 });
    const [row] = configLeaderboard([run], [], {});
    expect(row).toMatchObject({ results: 4, correct: 2, passAt1: 0.5, providerFailures: 1, providerShare: 0.2, coverage: 1 });
    expect(configTableText([row!], ["email"])[1]?.join(" ")).not.toContain("provider");
    expect(configColumns(["email"]).find((column) => column.id === "pass1")?.sub?.(row!)).toContain("1 failed at provider (20.0 %)");
  });

  test("partial runs are left out unless asked for; unknown cost stays unknown", () => {
    const smoke = makeRun({ id: "s", model: "small", domains: [{ domain: "email", results: 1, tasks: 1, correct: 1, sideEffects: 0 }] });
    const recorded = makeRun({ id: "r", model: "recorded", costUsd: null, tokens: null });
    expect(configLeaderboard([smoke, recorded], [], {}).map((row) => row.label)).toEqual(["recorded"]);
    const all = configLeaderboard([smoke, recorded], [], { includePartial: true });
    expect(all.map((row) => [row.label, row.coverage])).toEqual([["small", 0.25], ["recorded", 1]]);
    expect(all[1]?.costPerTask).toBeNull();
    expect(configTableText(all, ["email"])[2]).toContain(UNKNOWN);
  });

  test("filters by tool set, agent, provider; a domain filter scopes every figure", () => {
    const runs = [makeRun({ id: "a" }), makeRun({ id: "b", toolSet: "domains" }), makeRun({ id: "c", provider: "anthropic", model: "claude" })];
    expect(configLeaderboard(runs, [], { toolSet: "domains" }).map((row) => [row.toolSet, row.runs])).toEqual([["domains", 1]]);
    expect(configLeaderboard(runs, [], { provider: "anthropic" }).map((row) => row.label)).toEqual(["claude"]);
    const revised = [makeRun({ id: "x" }), makeRun({ id: "y", groundTruth: "v2026", protocol: "2026", revision: "2026-07" })];
    expect(configLeaderboard(revised, [], { revision: "2026-07" }).map((row) => row.groundTruth)).toEqual(["v2026"]);
    expect(configLeaderboard(revised, [], { protocol: "2024" }).map((row) => row.groundTruth)).toEqual(["v1"]);
    const [email] = configLeaderboard([makeRun({})], [], { domain: "email" });
    expect(email).toMatchObject({ passAt1: 0.5, results: 2, coverage: 1, costPerTask: 0.1 });
  });

  test("a domain filter keeps full runs full and a run launched on that domain alone partial", () => {
    const full = makeRun({ id: "full", model: "full" });
    const emailOnly = makeRun({ id: "email", model: "email-only", domains: [{ domain: "email", results: 2, tasks: 2, correct: 2, sideEffects: 0 }] });
    expect(configLeaderboard([full, emailOnly], [], { domain: "email" }).map((row) => [row.label, row.passAt1, row.partial])).toEqual([["full", 0.5, false]]);
    const all = configLeaderboard([full, emailOnly], [], { domain: "email", includePartial: true });
    expect(all.map((row) => [row.label, row.passAt1, row.coverage, row.partial])).toEqual([["full", 0.5, 1, false], ["email-only", 1, 0.5, true]]);
  });
});

test("runs of one configuration through two providers pool into one row named by the earliest run's provider", () => {
  const runs = [
    makeRun({ id: "late", provider: "openrouter", createdAt: new Date("2026-03-01"), costUsd: null }),
    makeRun({ id: "early", provider: "openai", createdAt: new Date("2026-01-01") }),
  ];
  const [row] = configLeaderboard(runs, [], {});
  expect(row).toMatchObject({ runs: 2, provider: "openai", results: 8, costPerTask: null, latest: new Date("2026-03-01") });
  // A provider filter keeps that provider's runs only: their cost is known again.
  expect(configLeaderboard(runs, [], { provider: "openai" })[0]).toMatchObject({ runs: 1, provider: "openai", costPerTask: 0.1 });
  expect(configLeaderboard(runs, [], { provider: "openrouter" })[0]).toMatchObject({ runs: 1, provider: "openrouter", costPerTask: null });
});

describe("sortConfigs", () => {
  test("sorts on any column, unknown last in both directions", () => {
    const rows = configLeaderboard(
      [makeRun({ id: "a", model: "cheap", costUsd: 0.04 }), makeRun({ id: "b", model: "dear", costUsd: 4 }), makeRun({ id: "c", model: "unknown", costUsd: null })],
      [], {},
    );
    expect(sortConfigs(rows, "cost", "asc").map((row) => row.label)).toEqual(["cheap", "dear", "unknown"]);
    expect(sortConfigs(rows, "cost", "desc").map((row) => row.label)).toEqual(["dear", "cheap", "unknown"]);
    expect(sortConfigs(rows, "label", "asc").map((row) => row.label)).toEqual(["cheap", "dear", "unknown"]);
  });
});

test("configuration keys survive the URL", () => {
  const key = configKey({ dataset: "workbench", groundTruth: "v1", versionRevision: 2, protocol: "2026", revision: "2026-07", model: "gpt-4o", agent: "react", toolSet: "all" });
  expect(configKeyFromParam(legacyParam(key))).toBe(key);
  expect(configKeyFromParam("not-base64-json")).toBeNull();
  // Today's links name a configuration by a short hash of its key: 16 characters, one per key.
  expect(configKeyParam(key)).toMatch(SHORT_CONFIG_PARAM);
  expect(configKeyParam(key)).not.toBe(configKeyParam(`${key} `));
  expect(configKeyParam(key)).toBe(`c${createHash("sha256").update(key).digest("base64url").slice(0, 15)}`);
});

describe("test runs", () => {
  test("pool apart from the real configuration, off the board unless included, labelled", () => {
    const runs = [makeRun({ id: "real" }), makeRun({ id: "mock", test: true, domains: [{ domain: "email", results: 4, tasks: 4, correct: 4, sideEffects: 0 }] })];
    const shown = configLeaderboard(runs, [], {});
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ test: false, results: 4, correct: 3 });
    const all = configLeaderboard(runs, [], { includeTests: true, includePartial: true });
    expect(all.map((row) => [row.test, row.correct])).toEqual(expect.arrayContaining([[false, 3], [true, 4]]));
    const testKey = configKey(makeRun({ test: true }));
    expect(testKey).not.toBe(KEY);
    expect(configKeyFromParam(legacyParam(testKey))).toBe(testKey);
  });
});

describe("runs with injected faults", () => {
  test("pool apart from the clean configuration, one row per fault rate, and their keys round-trip", () => {
    const faulted = (id: string, faultRate: number) => makeRun({ id, faultRate, domains: [{ domain: "email", results: 4, tasks: 4, correct: 2, sideEffects: 1 }] });
    const rows = configLeaderboard([makeRun({ id: "clean" }), faulted("f1", 0.1), faulted("f2", 0.2), faulted("f3", 0.2)], [], { includePartial: true });
    expect(rows.map((row) => [row.faultRate, row.runs]).sort()).toEqual([[0.1, 1], [0.2, 2], [null, 1]].sort());
    const key = configKey(makeRun({ faultRate: 0.2 }));
    expect(JSON.parse(key).slice(7)).toEqual(["fault=0.2"]);
    expect(configKeyFromParam(legacyParam(key))).toBe(key);
    const testAndFault = configKey(makeRun({ faultRate: 0.25, test: true }));
    expect(JSON.parse(testAndFault).slice(7)).toEqual(["fault=0.25", "test"]);
    expect(configKeyFromParam(legacyParam(testAndFault))).toBe(testAndFault);
    // A rate of 0 is a clean run: the same key as one launched before faults existed.
    expect(configKey(makeRun({ faultRate: 0 }))).toBe(KEY);
    expect(configKeyFromParam(legacyParam(JSON.stringify([...JSON.parse(KEY), "fault=x"])))).toBeNull();
  });
});
