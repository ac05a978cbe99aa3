// What the search across traces takes (app/search): the term, where to look and the filters, parsed once
// from the URL. The term matches as a case-insensitive substring (ILIKE '%term%', the trigram indexes of
// migration step_search_trigram), so `%`, `_` and `\` in it are literal characters.
// A term is checked before any query (searchTermProblem): one without 3 letters or digits in a row gives
// the trigram index nothing to narrow with (it would read every step), and one over MAX_TERM_LENGTH is
// refused with a message rather than cut or emptied.
import { z } from "zod";
import { PRIMARY_CAUSE_RULES } from "@/lib/workbench/analysis/primary-cause";

/** Letters or digits in a row a term needs: pg_trgm indexes trigrams of letters and digits only. */
export const MIN_TERM_LENGTH = 3;
/** The longest term searched; a longer one is refused (not cut: a cut phrase would match other steps). */
export const MAX_TERM_LENGTH = 200;
const TRIGRAM_RUN = /[\p{L}\p{N}]{3}/u;

export const SEARCH_VERDICTS = ["correct", "wrong", "side-effects", "unscored"] as const;
export type SearchVerdict = (typeof SEARCH_VERDICTS)[number];

/** `steps`: the model's messages, tool calls and tool outputs; `tasks`: the task text of each result. */
export const SEARCH_SCOPES = ["steps", "tasks"] as const;

const optionalText = z.string().trim().min(1).max(200).optional().catch(undefined);

/** Cause filter values: the ids of the primary-cause rules (lib/workbench/analysis/primary-cause.ts). */
export const SEARCH_CAUSES = PRIMARY_CAUSE_RULES.map((rule) => ({ id: rule.id, label: rule.label }));
const causeIds = new Set(SEARCH_CAUSES.map((cause) => cause.id));

export const searchParamsSchema = z.object({
  /** Kept whole whatever its length: searchTermProblem refuses a long one with a message. */
  q: z.string().trim().catch(""),
  in: z.enum(SEARCH_SCOPES).catch("steps"),
  dataset: optionalText,
  run: optionalText,
  /** A configuration as the leaderboard names it in URLs (configKeyParam). */
  config: optionalText,
  domain: optionalText,
  tool: optionalText,
  verdict: z.enum(SEARCH_VERDICTS).optional().catch(undefined),
  /** The primary cause of the result a step belongs to (only wrong answers have one). */
  cause: z.string().refine((id) => causeIds.has(id)).optional().catch(undefined),
  page: z.coerce.number().int().min(0).max(10_000).catch(0),
});

export type SearchParams = z.infer<typeof searchParamsSchema>;
export type SearchFilters = Omit<SearchParams, "q" | "in" | "page">;

export type TermProblem = { readonly kind: "too-long"; readonly length: number } | { readonly kind: "too-broad" };

/** Why a term cannot be searched, or null when it can. */
export function searchTermProblem(term: string): TermProblem | null {
  if (term.length > MAX_TERM_LENGTH) return { kind: "too-long", length: term.length };
  if (!TRIGRAM_RUN.test(term)) return { kind: "too-broad" };
  return null;
}

/** The one-line message for a refused term (shown on the page; tests read it). */
export function termProblemMessage(term: string, problem: TermProblem): string {
  if (problem.kind === "too-long") return `The search term has ${problem.length} characters; at most ${MAX_TERM_LENGTH} are searched. Shorten it.`;
  const shown = term.length > 40 ? `${term.slice(0, 40)}…` : term;
  return `“${shown}” is too broad to search: a term needs at least ${MIN_TERM_LENGTH} letters or digits in a row (a name, a tool, a word of an error).`;
}

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
