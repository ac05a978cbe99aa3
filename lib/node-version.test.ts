// package.json's engines must agree with the dependencies: every installed package (package-lock.json,
// transitive ones included) must admit our oldest supported Node, except the exact list the start-up
// note and the README name (DECLARE_NODE_22_TESTED_ON_20, with the reason we accept them).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { DECLARE_NODE_22_TESTED_ON_20, isAtLeast, MIN_NODE, nodeVersionNote, rangeAdmits } from "./node-version";

const ROOT = path.resolve(import.meta.dirname, "..");
const packageJson = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

/** Every package of the lock whose declared Node range excludes MIN_NODE (by package name). */
function packagesExcludingMinNode(): string[] {
  const names = new Set<string>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (key && range && !rangeAdmits(range, MIN_NODE)) names.add(key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length));
  }
  return [...names].sort();
}

describe("engines", () => {
  test("package.json declares >= MIN_NODE, the version the start-up check enforces", () => {
    expect(packageJson.engines.node).toBe(`>=${MIN_NODE.replace(/\.0$/, "")}`);
  });

  test("the packages declaring a newer Node are exactly the ones the start-up note and README name", () => {
    expect(packagesExcludingMinNode()).toEqual([...DECLARE_NODE_22_TESTED_ON_20].sort());
  });

  test("the installed AI SDK still declares Node >= 22 (else drop it from the list)", () => {
    const declared = JSON.parse(readFileSync(path.join(ROOT, "node_modules", "ai", "package.json"), "utf8")) as { engines?: { node?: string } };
    expect(declared.engines?.node).toBe(">=22");
    expect(Object.keys(packageJson.dependencies)).toContain("ai");
  });

  test("the start-up note names them on Node 20, not on 22", () => {
    expect(nodeVersionNote("v20.20.2")).toContain("9 dependencies (ai@7, @ai-sdk/*, @prisma/streams-local) declare Node >= 22; this project tests them on Node 20");
    expect(nodeVersionNote("22.12.0")).toBe("Node.js 22.12.0: supported (>= 20.19.0).");
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
