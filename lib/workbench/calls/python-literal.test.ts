import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatPythonLiteral, parsePythonLiteral, type PyValue } from "./python-literal";
import { PythonSyntaxError } from "./python-string";

describe("parsePythonLiteral reads repr() output", () => {
  test.each<[string, PyValue]>([
    ["'abc'", "abc"],
    ['"it\'s"', "it's"],
    ["42", 42],
    ["-3.5e2", -350],
    ["1_000", 1000],
    ["True", true],
    ["None", null],
    ["[1, 'a', []]", [1, "a", []]],
    ["(1,)", { kind: "tuple", items: [1] }],
    ["()", { kind: "tuple", items: [] }],
    ["(1)", 1],
    ["{'a': 1, 2: [None]}", { kind: "dict", entries: [["a", 1], [2, [null]]] }],
    ["{1, 2}", { kind: "set", items: [1, 2] }],
    ["b'x\\x00'", { kind: "bytes", value: "x\u0000" }],
    ["nan", { kind: "name", name: "nan" }],
    ["-inf", { kind: "name", name: "-inf" }],
    [
      "AgentAction(tool='email.send_email', tool_input={'body': 'x'}, log='L')",
      { kind: "call", name: "AgentAction", args: [], kwargs: { tool: "email.send_email", tool_input: { kind: "dict", entries: [["body", "x"]] }, log: "L" } },
    ],
    [
      "array(['a@atlas.com'], dtype=object)",
      { kind: "call", name: "array", args: [["a@atlas.com"]], kwargs: { dtype: { kind: "name", name: "object" } } },
    ],
    ["Timestamp('2023-11-30 00:00:00')", { kind: "call", name: "Timestamp", args: ["2023-11-30 00:00:00"], kwargs: {} }],
  ])("%s", (text, expected) => {
    expect(parsePythonLiteral(text)).toEqual(expected);
  });
});

describe("malformed input is reported with its position, never guessed", () => {
  test.each([
    ["[1, 2", 5],
    ["{'a' 1}", 5],
    ["'open", 0],
    ["[1] [2]", 4],
    ["f(a=1, 2)", 7],
    ["<function f at 0x1>", 0],
    ["007", 0],
    ["", 0],
  ])("%s fails at %i", (text, position) => {
    let caught: unknown;
    try {
      parsePythonLiteral(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PythonSyntaxError);
    expect((caught as PythonSyntaxError).position).toBe(position);
  });

  test("deep nesting is refused instead of overflowing the stack", () => {
    expect(() => parsePythonLiteral("[".repeat(5000) + "]".repeat(5000))).toThrow(PythonSyntaxError);
  });
});

const pyValue: fc.Arbitrary<PyValue> = fc.letrec<{ value: PyValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.string({ unit: "binary" }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => ({ kind: "tuple" as const, items })),
    fc.array(fc.tuple(fc.string(), tie("value")), { maxLength: 4 }).map((entries) => ({ kind: "dict" as const, entries })),
  ),
})).value;

describe("round trips", () => {
  test("parse(format(v)) == v for any value", () => {
    fc.assert(
      fc.property(pyValue, (value) => {
        expect(parsePythonLiteral(formatPythonLiteral(value))).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });

  test("strings survive repr with every quote and escape", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => parsePythonLiteral(formatPythonLiteral(text)) === text), { numRuns: 500 });
  });
});
