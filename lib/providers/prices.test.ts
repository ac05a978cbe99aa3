import { describe, expect, test } from "vitest";
import { costOf, loadPriceTable, parsePriceTable } from "./prices";

const table = parsePriceTable({
  $comment: "ignored",
  openai: { "gpt-4o": { input: 2.5, output: 10 }, "gpt-4o-mini": { input: 0.15, output: 0.6 } },
  mock: { "*": { input: 0, output: 0 } },
});

describe("costOf", () => {
  test.each([
    ["openai", "gpt-4o", 1_000_000, 1_000_000, { usd: 12.5, known: true }],
    ["openai", "gpt-4o-mini", 2_000_000, 0, { usd: 0.3, known: true }],
    ["openai", "gpt-4o-2024-08-06", 1_000_000, 0, { usd: 2.5, known: true }],
    ["openai", "o9-unknown", 1_000, 1_000, { usd: 0, known: false }],
    ["mock", "oracle", 5_000, 5_000, { usd: 0, known: true }],
    ["nobody", "x", 1, 1, { usd: 0, known: false }],
  ] as const)("%s/%s", (provider, model, inputTokens, outputTokens, expected) => {
    const cost = costOf(provider, model, { inputTokens, outputTokens }, table);
    expect(cost.known).toBe(expected.known);
    expect(cost.usd).toBeCloseTo(expected.usd, 10);
  });

  test("the shipped config/prices.json parses and prices mock at 0", () => {
    const shipped = loadPriceTable();
    expect(costOf("mock", "oracle", { inputTokens: 10, outputTokens: 10 }, shipped)).toEqual({ usd: 0, known: true });
    expect(costOf("openai", "gpt-4o", { inputTokens: 1, outputTokens: 1 }, shipped).known).toBe(true);
  });

  test("a negative price is rejected", () => {
    expect(() => parsePriceTable({ openai: { x: { input: -1, output: 0 } } })).toThrow();
  });
});
