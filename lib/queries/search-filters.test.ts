import { expect, test } from "vitest";
import { containsPattern, MAX_TERM_LENGTH, searchHref, searchParamsSchema, searchTermProblem } from "./search-filters";

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

test.each([
  ["%%%", "too-broad"],
  ["___", "too-broad"],
  ["\\\\\\", "too-broad"],
  ["🙂🙂🙂", "too-broad"],
  ["a-b-c d_e", "too-broad"],
  ["ab", "too-broad"],
  ["abc", null],
  ["50%_off", null],
  ["été", null],
  ["x".repeat(MAX_TERM_LENGTH), null],
  ["x".repeat(MAX_TERM_LENGTH + 1), "too-long"],
])("the term %s: %s", (term, problem) => {
  expect(searchTermProblem(term)?.kind ?? null).toBe(problem);
});

test("a term over the limit is kept whole by the schema (then refused), not emptied", () => {
  const long = "y".repeat(MAX_TERM_LENGTH + 1);
  expect(searchParamsSchema.parse({ q: long }).q).toBe(long);
});

test("the cause filter takes a rule id, nothing else", () => {
  expect(searchParamsSchema.parse({ q: "abc", cause: "wrong_value" }).cause).toBe("wrong_value");
  expect(searchParamsSchema.parse({ q: "abc", cause: "no_such_cause" }).cause).toBeUndefined();
});
