/**
 * The configuration leaderboard's state in the URL (filters, sort, partial runs), parsed once for the
 * page, the frontier chart and the CSV/JSON export so all three show exactly the same rows.
 */
import { z } from "zod";
import { OFFICIAL_DATASET_SLUG } from "@/lib/datasets/official-slug";
import { CONFIG_SORTS, type ConfigSort } from "./config-leaderboard";

/** The `dataset` value that shows every dataset at once (with the dataset column telling them apart). */
export const ALL_DATASETS = "all";

const optionalText = z.string().trim().min(1).max(100).optional().catch(undefined);

const sortSchema = z
  .string()
  .refine((value): value is ConfigSort => (CONFIG_SORTS as readonly string[]).includes(value) || /^domain:[a-z_]{1,40}$/.test(value))
  .catch("passAt1");

export const configSearchSchema = z.object({
  dataset: optionalText,
  gt: optionalText,
  protocol: optionalText,
  rev: optionalText,
  tools: optionalText,
  agent: optionalText,
  provider: optionalText,
  domain: optionalText,
  /** Only configurations with a run carrying this tag (their figures still pool all their runs). */
  tag: optionalText,
  partial: z.enum(["1"]).optional().catch(undefined),
  /** Test runs' configurations too (off the board and the frontier by default). */
  tests: z.enum(["1"]).optional().catch(undefined),
  sort: sortSchema,
  dir: z.enum(["asc", "desc"]).catch("desc"),
  /** Page of the board's table (0-based); the chart and the exports always cover every row. */
  page: z.coerce.number().int().min(0).max(100_000).optional().catch(undefined),
});
export type ConfigSearch = z.infer<typeof configSearchSchema>;

/** First value of each parameter (a repeated parameter keeps its first). */
export function parseConfigSearch(params: Record<string, string | string[] | undefined> | URLSearchParams): ConfigSearch {
  const flat: Record<string, string> = {};
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  for (const [key, value] of entries) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && !(key in flat)) flat[key] = first;
  }
  return configSearchSchema.parse(flat);
}

/**
 * "?gt=v1&sort=cost" for a search with changes; defaults are left out. The page is kept only when the
 * change names it: a new filter or sort starts again at the first page, and the exports have no page.
 */
export function configSearchString(search: ConfigSearch, change: Partial<ConfigSearch> = {}): string {
  const next = { ...search, page: undefined, ...change };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || (key === "sort" && value === "passAt1") || (key === "dir" && value === "desc") || (key === "page" && value === 0)) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The dataset a search shows: the official one unless another (or all) was chosen; undefined = all. */
export function datasetOf(search: ConfigSearch): string | undefined {
  if (search.dataset === ALL_DATASETS) return undefined;
  return search.dataset ?? OFFICIAL_DATASET_SLUG;
}

/** The query for getConfigLeaderboard: the official dataset by default, never all of them silently. */
export function configQueryOf(search: ConfigSearch) {
  return {
    dataset: datasetOf(search),
    groundTruth: search.gt,
    protocol: search.protocol,
    revision: search.rev,
    toolSet: search.tools,
    agent: search.agent,
    provider: search.provider,
    domain: search.domain,
    tag: search.tag,
    includePartial: search.partial === "1",
    includeTests: search.tests === "1",
    sort: search.sort as ConfigSort,
    direction: search.dir,
  };
}
