// The Node.js versions we support, checked at start-up (node-version-check.ts) and against every
// dependency's declared `engines` (node-version.test.ts), so package.json cannot promise what a
// dependency refuses.

/** The oldest Node.js we run on; package.json's `engines.node` is `>=` this (a test keeps them equal). */
export const MIN_NODE = "20.19.0";

/**
 * Installed packages whose `engines` say Node >= 22 although we support 20.19: the exact list (a test
 * compares it with package-lock.json). npm install warns about them (EBADENGINE). We keep Node 20 because
 * the whole suite (unit, db, e2e) runs on Node 20.20 in CI and passes with them, and no AI SDK 7 release
 * declares 20. @prisma/streams-local is only used by `prisma dev`, which this project does not run.
 */
export const DECLARE_NODE_22_TESTED_ON_20 = [
  "ai",
  "@ai-sdk/anthropic",
  "@ai-sdk/gateway",
  "@ai-sdk/mcp",
  "@ai-sdk/openai",
  "@ai-sdk/openai-compatible",
  "@ai-sdk/provider",
  "@ai-sdk/provider-utils",
  "@prisma/streams-local",
] as const;

/** `npm start`'s first line: which Node runs, and what that means for the packages declaring 22. */
export function nodeVersionNote(version: string): string {
  if (isAtLeast(version, "22.0.0")) return `Node.js ${version.replace(/^v/, "")}: supported (>= ${MIN_NODE}).`;
  return (
    `Node.js ${version.replace(/^v/, "")}: supported (>= ${MIN_NODE}). ${DECLARE_NODE_22_TESTED_ON_20.length} dependencies ` +
    `(ai@7, @ai-sdk/*, @prisma/streams-local) declare Node >= 22; this project tests them on Node 20 (npm's EBADENGINE warnings are about them).`
  );
}

type Version = readonly [number, number, number];

function parse(version: string): Version {
  const [major = 0, minor = 0, patch = 0] = version.replace(/^v/, "").split(".").map((part) => Number.parseInt(part, 10) || 0);
  return [major, minor, patch];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** True when `version` is at least `minimum` (both "x.y.z", a leading "v" allowed). */
export function isAtLeast(version: string, minimum: string): boolean {
  return compare(parse(version), parse(minimum)) >= 0;
}

/**
 * Whether an npm `engines` range admits `version`. Covers the forms packages use for Node: `*`,
 * `>=x`, `>x`, `^x`, `~x`, `x` (exact or partial), joined by `||` or spaces (all must hold).
 */
export function rangeAdmits(range: string, version: string): boolean {
  const target = parse(version);
  return range.split("||").some((alternative) => {
    const comparators = alternative.trim().replace(/(>=|<=|>|<|\^|~)\s+/g, "$1").split(/\s+/).filter(Boolean);
    return comparators.every((comparator) => admits(comparator, target));
  });
}

function admits(comparator: string, target: Version): boolean {
  if (comparator === "*" || comparator === "x" || comparator === "") return true;
  const match = /^(>=|<=|>|<|\^|~|=)?v?(\d+)(?:\.(\d+|x))?(?:\.(\d+|x))?/.exec(comparator);
  if (!match) return false;
  const [, operator = "=", major, minor, patch] = match;
  const bound = parse(`${major}.${minor === "x" ? 0 : (minor ?? 0)}.${patch === "x" ? 0 : (patch ?? 0)}`);
  const order = compare(target, bound);
  switch (operator) {
    case ">=": return order >= 0;
    case ">": return order > 0;
    case "<=": return order <= 0;
    case "<": return order < 0;
    case "^": return order >= 0 && target[0] === bound[0];
    case "~": return order >= 0 && target[0] === bound[0] && target[1] === bound[1];
    default:
      // "20", "20.19" or "20.19.0": every given part must match.
      return target[0] === bound[0] && (minor === undefined || minor === "x" || target[1] === bound[1]) && (patch === undefined || patch === "x" || target[2] === bound[2]);
  }
}
