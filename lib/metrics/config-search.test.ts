import { describe, expect, test } from "vitest";
import { configQueryOf, configSearchString, parseConfigSearch } from "./config-search";

describe("config search", () => {
  test("round-trips through the URL and drops defaults", () => {
    const search = parseConfigSearch({ gt: "v1", tools: "all", sort: "domain:email", dir: "asc", partial: "1" });
    expect(search).toMatchObject({ gt: "v1", tools: "all", sort: "domain:email", dir: "asc", partial: "1" });
    expect(parseConfigSearch(new URLSearchParams(configSearchString(search)))).toEqual(search);
    expect(configSearchString(parseConfigSearch({}))).toBe("");
  });

  test("the page is kept only where a link asks for it: a new sort or filter, and the exports, start from the whole board", () => {
    const search = parseConfigSearch({ gt: "v1", page: "2" });
    expect(search.page).toBe(2);
    expect(configSearchString(search, { page: 3 })).toBe("?gt=v1&page=3");
    expect(configSearchString(search, { page: 0 })).toBe("?gt=v1");
    expect(configSearchString(search, { sort: "cost" })).toBe("?gt=v1&sort=cost");
    expect(configSearchString(search)).toBe("?gt=v1");
    expect(parseConfigSearch({ page: "-1" }).page).toBeUndefined();
    expect(parseConfigSearch({ page: "x" }).page).toBeUndefined();
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
