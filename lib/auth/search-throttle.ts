// Anonymous search, rate-limited per client like sign-in (sign-in-throttle.ts): keyed on the client's
// address as the client-address layer resolved it (an IPv6 client by its /64), remembered per server
// process in a bounded map. Each client has a bucket of SEARCH_BURST searches that refills at one every
// SEARCH_REFILL_MS; a search with the bucket empty is refused with the wait until the next one. A signed-in
// user is not limited: sign-in is the admin's (or an OIDC user's), and every search, theirs included, is
// bounded anyway by its term rules and statement timeout (lib/queries/search.ts).
import { setBounded } from "@/lib/bounded-map";
import { throttleKey } from "./client-address";

/** Searches a client may make back to back. */
export const SEARCH_BURST = 30;
/** One search comes back every this many ms: 30 a minute once the burst is spent. */
export const SEARCH_REFILL_MS = 2_000;
/**
 * How long an anonymous visitor's refused search (a term too broad or too long, or over the budget) is
 * held before its answer. A client looping such requests back to back would otherwise keep the server's
 * one JavaScript thread busy rendering refusals (8 such clients made the leaderboard 4.5 times slower);
 * held, each gets at most a couple of answers a second, and a person who mistyped waits a moment.
 */
export const ANONYMOUS_REFUSAL_DELAY_MS = 300;
/** Clients remembered at once; the longest-idle is forgotten first. */
const MAX_CLIENTS = 50_000;

interface Bucket {
  tokens: number;
  at: number;
}

const storeKey = Symbol.for("workbench.searchThrottle");
const globalStore = globalThis as typeof globalThis & { [storeKey]?: Map<string, Bucket> };
const buckets = (globalStore[storeKey] ??= new Map());

export type SearchAdmission = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterS: number };

/** May this anonymous `client` search now? If so, the search is counted. */
export function admitAnonymousSearch(client: string, now = Date.now()): SearchAdmission {
  const key = throttleKey(client);
  const bucket = buckets.get(key);
  const tokens = bucket ? Math.min(SEARCH_BURST, bucket.tokens + (now - bucket.at) / SEARCH_REFILL_MS) : SEARCH_BURST;
  if (tokens < 1) {
    setBounded(buckets, key, { tokens, at: now }, MAX_CLIENTS);
    return { allowed: false, retryAfterS: Math.max(1, Math.ceil(((1 - tokens) * SEARCH_REFILL_MS) / 1000)) };
  }
  setBounded(buckets, key, { tokens: tokens - 1, at: now }, MAX_CLIENTS);
  return { allowed: true };
}

/** Forgets every client (tests). */
export function resetSearchThrottle(): void {
  buckets.clear();
}

/** The message a throttled client reads. */
export function searchThrottledMessage(retryAfterS: number): string {
  return `Too many searches from your address: try again in ${retryAfterS} s (signed-in users are not limited).`;
}
