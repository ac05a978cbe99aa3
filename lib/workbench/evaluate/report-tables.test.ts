import { expect, test } from "vitest";
import { percentOf, renderTextTable } from "./report-tables";

test.each([
  [340, 690, "49.28% (340/690)"],
  [0, 152, "0.00% (0/152)"],
  [1, 3, "33.33% (1/3)"],
  [0, 0, "-"],
])("percentOf(%i, %i)", (part, n, expected) => {
  expect(percentOf(part, n)).toBe(expected);
});

test("renderTextTable aligns columns under a title", () => {
  const text = renderTextTable({ title: "T", header: ["model", "acc"], rows: [["gpt-4", "49.28% (340/690)"], ["x", "-"]] });
  expect(text.split("\n")).toEqual(["T", "model  acc", "-----  ----------------", "gpt-4  49.28% (340/690)", "x      -"]);
});
