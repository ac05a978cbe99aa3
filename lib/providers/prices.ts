// Token prices from an editable JSON file (config/prices.json, or WORKBENCH_PRICES_FILE).
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { env } from "@/lib/env";

const ModelPriceSchema = z.object({ input: z.number().nonnegative(), output: z.number().nonnegative() });
/** provider → model → USD per 1M input / output tokens. Model "*" prices every model of a provider. */
export const PriceTableSchema = z.record(z.string(), z.union([z.record(z.string(), ModelPriceSchema), z.string()]));
export type ModelPrice = z.infer<typeof ModelPriceSchema>;
export type PriceTable = Readonly<Record<string, Readonly<Record<string, ModelPrice>>>>;

export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** A cost in USD; `known` is false when the model has no price (the cost is then 0). */
export interface Cost {
  readonly usd: number;
  readonly known: boolean;
}

export function defaultPricesFile(): string {
  return env().WORKBENCH_PRICES_FILE ?? path.join(process.cwd(), "config", "prices.json");
}

/** Parses a price file's JSON; keys starting with "$" (comments) are ignored. */
export function parsePriceTable(json: unknown): PriceTable {
  const parsed = PriceTableSchema.parse(json);
  const table: Record<string, Record<string, ModelPrice>> = {};
  for (const [provider, models] of Object.entries(parsed)) {
    if (provider.startsWith("$") || typeof models === "string") continue;
    table[provider] = models;
  }
  return table;
}

let cached: { file: string; table: PriceTable } | undefined;

/** Reads (and caches per file) the price table. */
export function loadPriceTable(file: string = defaultPricesFile()): PriceTable {
  if (cached?.file === file) return cached.table;
  const table = parsePriceTable(JSON.parse(readFileSync(/*turbopackIgnore: true*/ file, "utf8")));
  cached = { file, table };
  return table;
}

/**
 * Finds a model's price: exact name, else the longest listed name the model starts with
 * (so "gpt-4o-2024-08-06" uses "gpt-4o"), else the provider's "*".
 */
export function findPrice(table: PriceTable, provider: string, model: string): ModelPrice | undefined {
  const models = table[provider];
  if (!models) return undefined;
  const exact = models[model];
  if (exact) return exact;
  const prefix = Object.keys(models)
    .filter((name) => name !== "*" && model.startsWith(name))
    .sort((a, b) => b.length - a.length)[0];
  return prefix !== undefined ? models[prefix] : models["*"];
}

export function costOf(provider: string, model: string, usage: TokenUsage, table: PriceTable = loadPriceTable()): Cost {
  const price = findPrice(table, provider, model);
  if (!price) return { usd: 0, known: false };
  const usd = (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
  return { usd, known: true };
}
