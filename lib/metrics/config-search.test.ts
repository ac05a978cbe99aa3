import { describe, expect, test } from "vitest";
import { configQueryOf, configSearchString, parseConfigSearch } from "./config-search";

describe("config search", () => {
  test("round-trips through the URL and drops defaults", () => {
    const search = parseConfigSearch({ gt: "v1", tools: "all", sort: "domain:email", dir: "asc", partial: "1" });
    expect(search).toMatchObject({ gt: "v1", tools: "all", sort: "domain:email", dir: "asc", partial: "1" });
    expect(parseConfigSearch(new URLSearchParams(configSearchString(search)))).toEqual(search);
    expect(configSearchString(parseConfigSearch({}))).toBe("");
  });

  test("bad values fall back instead of failing the page", () => {
    expect(parseConfigSearch({ sort: "'; drop table", dir: "sideways", partial: "yes" })).toMatchObject({ sort: "passAt1", dir: "desc", partial: undefined });
  });

  test("the official dataset unless another, or all of them, is asked for", () => {
    expect(configQueryOf(parseConfigSearch({})).dataset).toBe("workbench");
    expect(configQueryOf(parseConfigSearch({ dataset: "gen-s1-x1" })).dataset).toBe("gen-s1-x1");
    expect(configQueryOf(parseConfigSearch({ dataset: "all" })).dataset).toBeUndefined();
  });
});
