import { beforeEach, expect, test } from "vitest";
import { admitAnonymousSearch, resetSearchThrottle, SEARCH_BURST, SEARCH_REFILL_MS } from "./search-throttle";

beforeEach(() => resetSearchThrottle());

test(`a client gets ${SEARCH_BURST} searches back to back, then waits for the refill`, () => {
  const now = 1_000_000;
  for (let search = 0; search < SEARCH_BURST; search += 1) expect(admitAnonymousSearch("198.51.100.1", now).allowed).toBe(true);
  expect(admitAnonymousSearch("198.51.100.1", now)).toEqual({ allowed: false, retryAfterS: SEARCH_REFILL_MS / 1000 });
  // Half a refill later the wait is shorter, still refused; a whole refill later one search is admitted, not two.
  expect(admitAnonymousSearch("198.51.100.1", now + SEARCH_REFILL_MS / 2)).toEqual({ allowed: false, retryAfterS: 1 });
  expect(admitAnonymousSearch("198.51.100.1", now + SEARCH_REFILL_MS).allowed).toBe(true);
  expect(admitAnonymousSearch("198.51.100.1", now + SEARCH_REFILL_MS).allowed).toBe(false);
});

test("clients are counted apart, and an IPv6 client by its /64", () => {
  const now = 5_000_000;
  for (let search = 0; search < SEARCH_BURST; search += 1) expect(admitAnonymousSearch("2001:db8:1:2::1", now).allowed).toBe(true);
  expect(admitAnonymousSearch("2001:db8:1:2::ffff", now).allowed).toBe(false); // same /64
  expect(admitAnonymousSearch("2001:db8:1:3::1", now).allowed).toBe(true);
  expect(admitAnonymousSearch("198.51.100.2", now).allowed).toBe(true);
});
