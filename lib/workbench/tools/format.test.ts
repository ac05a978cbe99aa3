import { describe, expect, test } from "vitest";
import { reprFloat, reprString } from "../calls/python-string";
import { formatObservation, NumpyStringArray, PythonFloat } from "./format";

describe("formatObservation prints like Python's str()", () => {
  test.each([
    ["a string as-is", "Event not found.", "Event not found."],
    ["a dict", { event_name: "sync up" }, "{'event_name': 'sync up'}"],
    ["a list of dicts", [{ a: "1" }, { b: null }], "[{'a': '1'}, {'b': nan}]"],
    ["an empty list", [], "[]"],
    ["ints and floats", { a: 3, b: new PythonFloat(12), c: new PythonFloat(13.615384615384615) }, "{'a': 3, 'b': 12.0, 'c': 13.615384615384615}"],
    ["booleans", { user_engaged: true, other: false }, "{'user_engaged': True, 'other': False}"],
    ["a Timestamp cell", { sent_datetime: { timestamp: "2023-11-30 00:00:00" } }, "{'sent_datetime': Timestamp('2023-11-30 00:00:00')}"],
    ["a numpy array", new NumpyStringArray(["a@atlas.com", "b@atlas.com"]), "['a@atlas.com' 'b@atlas.com']"],
    ["an empty numpy array", new NumpyStringArray([]), "[]"],
    ["a cell with a no-break space, escaped as repr() does", { subject: "Q4\u00a0plan" }, "{'subject': 'Q4\\xa0plan'}"],
  ])("%s", (_name, value, expected) => {
    expect(formatObservation(value)).toBe(expected);
  });

  test.each([
    ["plain", "'plain'"],
    ["it's", '"it\'s"'],
    [`both ' and "`, `'both \\' and "'`],
    ["back\\slash", "'back\\\\slash'"],
    ["line\nbreak\ttab", "'line\\nbreak\\ttab'"],
    ["café", "'café'"],
    // CPython escapes what str.isprintable() rejects: C0/C1 controls, no-break space, soft hyphen, line separator.
    ["bell\x07 del\x7f", "'bell\\x07 del\\x7f'"],
    ["no\u00a0break", "'no\\xa0break'"],
    ["soft\u00adhyphen", "'soft\\xadhyphen'"],
    ["line\u2028sep", "'line\\u2028sep'"],
  ])("reprString(%j) = %s", (text, expected) => {
    expect(reprString(text)).toBe(expected);
  });

  test.each([
    [12, "12.0"],
    [0.1 + 0.2, "0.30000000000000004"],
    [1e16, "1e+16"],
    [123456789012345.6, "123456789012345.6"],
    [0.00001, "1e-05"],
    [0.0001, "0.0001"],
    [Number.NaN, "nan"],
  ])("reprFloat(%d) = %s", (value, expected) => {
    expect(reprFloat(value)).toBe(expected);
  });

  test("PythonFloat and NumpyStringArray serialise to plain JSON", () => {
    expect(JSON.stringify({ a: new PythonFloat(2), b: new NumpyStringArray(["x"]) })).toBe('{"a":2,"b":["x"]}');
  });
});
