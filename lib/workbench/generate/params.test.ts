// Every option is part of the dataset's identity: two option sets never share a slug, and the printed
// command rebuilds exactly the same params.
import { describe, expect, test } from "vitest";
import { datasetSlug, generateCommand, resolveParams, type GenerateParams } from "./params";

const VARIANTS: Parameters<typeof resolveParams>[0][] = [
  { seed: 1 },
  { seed: 2 },
  { seed: 1, scale: 10 },
  { seed: 1, scale: 0.5 },
  { seed: 1, preset: "hard" },
  { seed: 1, tasksPerTemplate: 5 },
  { seed: 1, distractors: 0.3 },
  { seed: 1, chainLength: 3 },
  { seed: 1, conditionalShare: 0.3 },
  { seed: 1, noActionShare: 0.5 },
  { seed: 1, compoundShare: 0.5 },
  { seed: 1, tableScale: 1.25 },
  { seed: 1, preset: "hard", tableScale: 1 },
  { seed: 1, preset: "hard", distractors: 0.1 },
  { seed: 1, preset: "hard", conditionalShare: null },
];

/** Reads a printed command back the way the CLI would (flags → resolveParams input). */
function parseCommand(command: string): GenerateParams {
  const flags = Object.fromEntries([...command.matchAll(/--([a-z-]+) (\S+)/g)].map(([, flag, value]) => [flag, value]));
  const n = (flag: string) => (flags[flag] === undefined ? undefined : Number(flags[flag]));
  return resolveParams({
    seed: Number(flags.seed),
    scale: n("scale"),
    preset: (flags.preset ?? "default") as "default" | "hard",
    tasksPerTemplate: n("tasks-per-template"),
    distractors: n("distractors"),
    chainLength: n("chain-length"),
    conditionalShare: n("conditional-share"),
    noActionShare: n("no-action-share"),
    compoundShare: n("compound-share"),
    tableScale: n("table-scale"),
  });
}

describe("dataset identity", () => {
  test("every option changes the slug; the preset's own values keep the short form", () => {
    const slugs = VARIANTS.map((input) => datasetSlug(resolveParams(input)));
    expect(new Set(slugs).size).toBe(VARIANTS.length);
    expect(datasetSlug(resolveParams({ seed: 42 }))).toBe("gen-s42-x1");
    expect(datasetSlug(resolveParams({ seed: 7, scale: 10, preset: "hard", tasksPerTemplate: 5 }))).toBe("gen-s7-x10-hard-k5");
    expect(datasetSlug(resolveParams({ seed: 7, preset: "hard", distractors: 0.6 }))).toBe("gen-s7-x1-hard");
  });

  test.each(VARIANTS.filter((input) => input.conditionalShare !== null))("the printed command rebuilds the same params (%o)", (input) => {
    const params = resolveParams(input);
    expect(parseCommand(generateCommand(params, ["--import"]))).toEqual(params);
    expect(generateCommand(params, ["--import"]).endsWith("--import")).toBe(true);
  });
});

describe("bad options", () => {
  test.each([
    [{ seed: -1 }, "seed must be a non-negative integer (got -1)"],
    [{ seed: 1, scale: 0.01 }, "scale must be between 0.1 and 1000 (got 0.01)"],
    [{ seed: 1, chainLength: 2.5 }, "chain length must be an integer from 1 to 6 (got 2.5)"],
    [{ seed: 1, tableScale: 0.5 }, "table scale must be between 1 and 4 (got 0.5)"],
    [{ seed: 1, scale: 1000, tableScale: 2 }, "scale × table scale must be at most 1250 (got 2000)"],
  ] as const)("%o is refused with a message naming the option", (input, message) => {
    expect(() => resolveParams(input)).toThrow(message);
  });

  test("1000× hard is allowed: its workplace is 1250× (the preset's table scale)", () => {
    expect(resolveParams({ seed: 1, scale: 1000, preset: "hard" }).tableScale).toBe(1.25);
  });
});
