import { describe, expect, test } from "vitest";
import { compilePythonRegex, regexSearch } from "./python-regex";
import { PythonError } from "./python-error";

describe("compilePythonRegex", () => {
  test.each([
    ["sync", "Team Sync", true, true],
    ["sync", "Team Sync", false, false],
    ["^team", "Team Sync", true, true],
    ["c$", "abc\n", false, true], // Python's $ also matches before a final newline
    ["\\Aab\\Z", "ab", false, true],
    ["(?P<x>a)(?P=x)", "aa", false, true],
    ["[]a]", "]", false, true], // "]" first in a class is a literal in Python
    ["a{,2}b", "aab", false, true],
    ["(?i)SYNC", "sync", false, true],
    ["\\x41", "A", false, true],
    ["a(?#comment)b", "ab", false, true],
    ["\\.", "a.b", false, true],
    ["\\.", "ab", false, false],
  ])("%j on %j (ignoreCase %s) → %s", (pattern, text, ignoreCase, expected) => {
    expect(regexSearch(compilePythonRegex(pattern, ignoreCase), text)).toBe(expected);
  });

  test.each(["(", "C++", "*a", "[a", "\\q", "\\x4", "a\\", "a)"])("%j raises re.error", (pattern) => {
    expect(() => compilePythonRegex(pattern, true)).toThrow(PythonError);
    try {
      compilePythonRegex(pattern, true);
    } catch (error) {
      expect((error as PythonError).errorType).toBe("re.error");
    }
  });
});
