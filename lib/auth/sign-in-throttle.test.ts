import { beforeEach, describe, expect, test } from "vitest";
import { FREE_ATTEMPTS, MAX_WAIT_MS, admitSignIn, resetSignInThrottle, signInSucceeded, waitAfter } from "./sign-in-throttle";

beforeEach(() => resetSignInThrottle());

describe("waitAfter", () => {
  test("free attempts, then doubling from 1 s, capped at 15 min", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(waitAfter)).toEqual([0, 0, 1_000, 2_000, 4_000, 8_000, MAX_WAIT_MS]);
  });
});

describe("admitSignIn", () => {
  const t0 = 1_000_000;

  test("a client is refused between attempts once its free attempts are spent, and admitted after the wait", () => {
    for (let attempt = 1; attempt < FREE_ATTEMPTS; attempt += 1) expect(admitSignIn("198.51.100.1", t0).allowed).toBe(true);
    expect(admitSignIn("198.51.100.1", t0).allowed).toBe(true); // the third: admitted, and now 1 s to wait
    const refused = admitSignIn("198.51.100.1", t0 + 10);
    expect(refused).toMatchObject({ allowed: false, retryAfterS: 1, firstRefusal: true });
    expect(admitSignIn("198.51.100.1", t0 + 20)).toMatchObject({ allowed: false, firstRefusal: false });
    expect(admitSignIn("198.51.100.1", t0 + 1_000).allowed).toBe(true);
    expect(admitSignIn("198.51.100.1", t0 + 1_500)).toMatchObject({ allowed: false, retryAfterS: 2 });
  });

  test("a burst of parallel attempts gets only the free ones", () => {
    const admitted = Array.from({ length: 50 }, () => admitSignIn("198.51.100.2", t0)).filter((admission) => admission.allowed);
    expect(admitted).toHaveLength(FREE_ATTEMPTS);
  });

  test("another client is not affected, and success clears the record", () => {
    for (let attempt = 0; attempt < 10; attempt += 1) admitSignIn("198.51.100.3", t0);
    expect(admitSignIn("198.51.100.3", t0).allowed).toBe(false);
    const other = admitSignIn("198.51.100.4", t0);
    expect(other.allowed).toBe(true);
    signInSucceeded(other);
    expect(admitSignIn("198.51.100.4", t0).allowed).toBe(true);
  });

  test("addresses of one IPv6 /64 share a record", () => {
    for (let host = 1; host <= FREE_ATTEMPTS; host += 1) expect(admitSignIn(`2001:db8:5:6::${host}`, t0).allowed).toBe(true);
    expect(admitSignIn("2001:db8:5:6::ffff", t0).allowed).toBe(false);
    expect(admitSignIn("2001:db8:5:7::1", t0).allowed).toBe(true);
  });
});
