// A call parser with a cache: the same call strings recur across tasks, trials and runs (an oracle's and a
// model's calls are mostly the ground truth's own strings), and a parsed call is never changed by anyone
// who reads it (the evaluator already replays every result with shared parsed calls), so a string is
// parsed once. Bounded in entries and in the length of the strings it keeps, so a long-lived worker fed
// long or ever-new strings by models holds at most a few megabytes.
import type { ParsedCall } from "./types";

export interface CallCacheLimits {
  /** Entries kept before the cache starts afresh. */
  readonly entries?: number;
  /** Longer strings are parsed every time and not kept. */
  readonly maxLength?: number;
}

export function cachedCallParser(parser: (raw: string) => ParsedCall, { entries = 50_000, maxLength = Number.POSITIVE_INFINITY }: CallCacheLimits = {}): (raw: string) => ParsedCall {
  const cache = new Map<string, ParsedCall>();
  return (raw) => {
    if (raw.length > maxLength) return parser(raw);
    let parsed = cache.get(raw);
    if (!parsed) {
      parsed = parser(raw);
      if (cache.size >= entries) cache.clear();
      cache.set(raw, parsed);
    }
    return parsed;
  };
}
