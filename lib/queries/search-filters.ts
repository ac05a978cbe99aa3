// What the search across traces takes (app/search): the term, where to look and the filters, parsed once
// from the URL. The term matches as a case-insensitive substring (ILIKE '%term%', the trigram indexes of
// migration step_search_trigram), so `%`, `_` and `\` in it are literal characters.
import { z } from "zod";

/** Shorter terms have no trigram: they would read every step. */
export const MIN_TERM_LENGTH = 3;

export const SEARCH_VERDICTS = ["correct", "wrong", "side-effects", "unscored"] as const;
export type SearchVerdict = (typeof SEARCH_VERDICTS)[number];

/** `steps`: the model's messages, tool calls and tool outputs; `tasks`: the task text of each result. */
export const SEARCH_SCOPES = ["steps", "tasks"] as const;

const optionalText = z.string().trim().min(1).max(200).optional().catch(undefined);

export const searchParamsSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  in: z.enum(SEARCH_SCOPES).catch("steps"),
  dataset: optionalText,
  run: optionalText,
  /** A configuration as the leaderboard names it in URLs (configKeyParam). */
  config: optionalText,
  domain: optionalText,
  tool: optionalText,
  verdict: z.enum(SEARCH_VERDICTS).optional().catch(undefined),
  page: z.coerce.number().int().min(0).max(10_000).catch(0),
});

export type SearchParams = z.infer<typeof searchParamsSchema>;
export type SearchFilters = Omit<SearchParams, "q" | "in" | "page">;

/** The ILIKE pattern that matches `term` anywhere, its wildcard characters escaped (ESCAPE '\'). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The search page's URL for these parameters (defaults left out). */
export function searchHref(params: Partial<SearchParams>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === "" || (key === "page" && value === 0) || (key === "in" && value === "steps")) continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `/search?${text}` : "/search";
}
