import { describe, expect, test } from "vitest";
import { badNumberListItems, emptyNumericFlags } from "./numeric-flags";

describe("numeric flags", () => {
  test("an empty or blank value is refused, naming the flag; absent and numeric values pass", () => {
    expect(emptyNumericFlags({ faultRate: "", limit: " ", trials: "3", seed: undefined }, ["faultRate", "limit", "trials", "seed"])).toEqual([
      "--fault-rate: give a number (it was empty)",
      "--limit: give a number (it was empty)",
    ]);
    expect(emptyNumericFlags({ faultRate: "0.1" }, ["faultRate"])).toEqual([]);
  });

  test("a list of numbers refuses empty and non-numeric items", () => {
    expect(badNumberListItems("--fault-rates", "0,0.1")).toEqual([]);
    expect(badNumberListItems("--fault-rates", "0,,0.1")).toEqual(['--fault-rates: "" is not a number']);
    expect(badNumberListItems("--fault-rates", "0,x")).toEqual(['--fault-rates: "x" is not a number']);
    expect(badNumberListItems("--fault-rates", "")).toEqual(["--fault-rates: give at least one number"]);
  });
});
