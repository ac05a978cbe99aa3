import { describe, expect, test } from "vitest";
import { compactProfiles, consistencyOfTrials, keyParts } from "./compact-profile";
import { configKey, configKeyFromParam } from "./config-leaderboard";

/** A page address of the older form: the whole key, base64url-encoded (configKeyFromParam still reads it). */
const legacyParam = (key: string) => Buffer.from(key, "utf8").toString("base64url");

const base = ["workbench", "v1@r1", "2024", "2024", "m", "tools", "all"];
const key = (...suffix: string[]) => JSON.stringify([...base, ...suffix]);

describe("the board's compact profile", () => {
  test("a key's family, fault rate and phrasing", () => {
    expect(keyParts(key("fault=0.1", "phrasing=alt-1", "test"))).toEqual({ base: key("test"), fault: 0.1, phrasing: "alt-1" });
  });

  test("consistency: tasks with ≥ 2 pooled trials all alike, histogram cells weighted by their tasks", () => {
    const k = key();
    expect(consistencyOfTrials([
      { key: k, domain: "email", trials: 3, correct: 3, tasks: 2 },
      { key: k, domain: "email", trials: 3, correct: 1, tasks: 1 },
      { key: k, domain: "email", trials: 1, correct: 1, tasks: 5 },
    ])).toBeCloseTo(2 / 3, 12);
    expect(consistencyOfTrials([{ key: k, domain: "email", taskId: "a", trials: 1, correct: 1 }, { key: k, domain: "email", taskId: "a", trials: 1, correct: 0 }])).toBe(0);
  });

  test("drops from the original, clean configuration to its siblings; Brier from the sums", () => {
    const profiles = compactProfiles(
      [
        { key: key(), correct: 80, results: 100 },
        { key: key("phrasing=alt-1"), correct: 70, results: 100 },
        { key: key("phrasing=alt-2"), correct: 60, results: 100 },
        { key: key("fault=0.2"), correct: 40, results: 100 },
        { key: key("fault=0.1"), correct: 50, results: 100 },
      ],
      [],
      [{ key: key(), sum: 5, count: 20 }],
    );
    expect(profiles.get(key())).toEqual({ consistency: null, paraphraseDrop: expect.closeTo(0.8 - 0.65, 12), faultDrop: { rate: 0.1, drop: expect.closeTo(0.3, 12) }, brier: 0.25 });
    expect(profiles.get(key("phrasing=alt-1"))).toMatchObject({ paraphraseDrop: null, faultDrop: null, brier: null });
  });
});

describe("a reworded configuration's key", () => {
  const run = { dataset: "workbench", groundTruth: "v1", versionRevision: 1, protocol: "2024", revision: "2024", model: "m", agent: "tools", toolSet: "all" };
  test("adds phrasing=<name> in run_key()'s order (after the fault rate, before test); the original wording adds nothing", () => {
    expect(JSON.parse(configKey({ ...run, faultRate: 0.1, phrasing: "alt-2", test: true })).slice(7)).toEqual(["fault=0.1", "phrasing=alt-2", "test"]);
    expect(configKey({ ...run, phrasing: "original" })).toBe(configKey(run));
  });
  test("its page address is accepted; suffixes out of order, repeated or unknown are not", () => {
    const param = (suffix: string[]) => legacyParam(JSON.stringify([...base, ...suffix]));
    for (const ok of [["phrasing=alt-1"], ["fault=0.1", "phrasing=alt-1"], ["phrasing=alt-1", "test"], ["fault=0.1", "phrasing=alt-2", "test"]]) expect(configKeyFromParam(param(ok)), ok.join()).not.toBeNull();
    for (const bad of [["phrasing=alt-1", "fault=0.1"], ["test", "phrasing=alt-1"], ["phrasing=alt-1", "phrasing=alt-2"], ["phrasing=Alt 1"]]) expect(configKeyFromParam(param(bad)), bad.join()).toBeNull();
  });
});
