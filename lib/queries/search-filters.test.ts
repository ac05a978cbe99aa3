import { expect, test } from "vitest";
import { containsPattern, searchHref, searchParamsSchema } from "./search-filters";

test.each([
  ["plain", "%plain%"],
  ["50%_off", "%50\\%\\_off%"],
  ["back\\slash", "%back\\\\slash%"],
])("containsPattern(%s) escapes LIKE's wildcards", (term, pattern) => {
  expect(containsPattern(term)).toBe(pattern);
});

test("the URL round-trips through the schema, defaults left out", () => {
  const params = searchParamsSchema.parse({ q: " delete_event ", domain: "calendar", verdict: "wrong", page: "2" });
  expect(params).toMatchObject({ q: "delete_event", in: "steps", domain: "calendar", verdict: "wrong", page: 2 });
  const href = searchHref(params);
  expect(href).toBe("/search?q=delete_event&domain=calendar&verdict=wrong&page=2");
  expect(searchParamsSchema.parse(Object.fromEntries(new URL(href, "http://x").searchParams))).toEqual(params);
});

test("unknown values fall back instead of failing the page", () => {
  expect(searchParamsSchema.parse({ q: "abc", in: "everywhere", verdict: "maybe", page: "-1" })).toMatchObject({ in: "steps", verdict: undefined, page: 0 });
});
