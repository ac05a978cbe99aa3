import { describe, expect, test } from "vitest";
import { parseCall } from "./parse-call";
import { cachedCallParser } from "./cached-parser";

function counted() {
  const seen: string[] = [];
  return { seen, parse: (raw: string) => (seen.push(raw), parseCall(raw)) };
}

describe("cachedCallParser", () => {
  test("a string is parsed once and gives the same parsed call as the parser", () => {
    const { seen, parse } = counted();
    const cached = cachedCallParser(parse);
    const raw = 'email.delete_email.func(email_id="00000479")';
    const first = cached(raw);
    expect(cached(raw)).toBe(first);
    expect(first).toEqual(parseCall(raw));
    expect(seen).toEqual([raw]);
  });

  test("strings longer than maxLength are parsed every time and never kept", () => {
    const { seen, parse } = counted();
    const cached = cachedCallParser(parse, { maxLength: 20 });
    const long = `email.search_emails.func(query="${"x".repeat(40)}")`;
    cached(long);
    cached(long);
    expect(seen).toEqual([long, long]);
  });

  test("past `entries` strings the cache starts afresh, so it never holds more", () => {
    const { seen, parse } = counted();
    const cached = cachedCallParser(parse, { entries: 2 });
    for (const raw of ["a.b.func()", "c.d.func()", "e.f.func()", "a.b.func()"]) cached(raw);
    expect(seen).toEqual(["a.b.func()", "c.d.func()", "e.f.func()", "a.b.func()"]);
  });
});
