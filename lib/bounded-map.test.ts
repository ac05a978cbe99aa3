import { expect, test } from "vitest";
import { setBounded } from "./bounded-map";

test("setBounded drops the entry set longest ago; setting a key again makes it the newest", () => {
  const map = new Map<string, number>();
  for (const [key, value] of [["a", 1], ["b", 2], ["c", 3]] as const) setBounded(map, key, value, 3);
  setBounded(map, "a", 10, 3); // a is now the newest
  setBounded(map, "d", 4, 3); // b, the oldest, goes
  expect([...map]).toEqual([["c", 3], ["a", 10], ["d", 4]]);
});
