import { describe, expect, test } from "vitest";
import { bearerToken, hashSecret, newSecret, secretMatches } from "./secrets";

describe("external-agent secrets", () => {
  test("fresh secrets are distinct, prefixed and only their hash matches", () => {
    const first = newSecret("wbs");
    const second = newSecret("wbs");
    expect(first).toMatch(/^wbs_[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(hashSecret(first)).toMatch(/^[0-9a-f]{64}$/);
    expect(secretMatches(first, hashSecret(first))).toBe(true);
    expect(secretMatches(second, hashSecret(first))).toBe(false);
    expect(secretMatches(first, "not-a-hash")).toBe(false);
  });

  test.each([
    ["Bearer abc", "abc"],
    ["bearer abc ", "abc"],
    ["Basic abc", null],
    ["Bearer", null],
    ["Bearer a b", null],
    ["", null],
  ])("Authorization %j → %j", (header, expected) => {
    expect(bearerToken(new Headers(header ? { authorization: header } : {}))).toBe(expected);
  });
});
