import { expect, test } from "vitest";
import { toCsv } from "./csv";

test("quotes separators and neutralises formulas", () => {
  expect(toCsv([["a,b", 'say "hi"', "=HYPERLINK(1)", "-3", "—"]])).toBe('"a,b","say ""hi""",\'=HYPERLINK(1),-3,—\n');
});
