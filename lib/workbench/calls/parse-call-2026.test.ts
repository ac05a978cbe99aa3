// The 2026 call parser against the 2024 one, one row per difference. Each row names the line of
// src/evals/actions.py (olly-styles/WorkBench at f7bed57) it follows; the expected strings are what
// Python 3.11's `str(ast.literal_eval(...))` gives for the same source.
import { describe, expect, test } from "vitest";
import { CALL_DIALECT_2024, CALL_DIALECT_2026, parseCallWith } from "./parse-call";

const summary = (dialect: typeof CALL_DIALECT_2024, raw: string) => {
  const parsed = parseCallWith(dialect, raw);
  return parsed.ok ? { tool: parsed.call.tool, args: parsed.call.args } : { error: parsed.error.errorType };
};

describe.each<[string, string, string, unknown, unknown]>([
  // name, actions.py line, call string, 2024, 2026
  ["a toolkit call without .func runs", "42", 'calendar.delete_event(event_id="00000013")', { error: "TypeError" }, { tool: "calendar.delete_event", args: { event_id: "00000013" } }],
  ["only one trailing .func is dropped", "42", 'calendar.delete_event.func.func(event_id="1")', { error: "AttributeError" }, { tool: "calendar.delete_event.func", args: { event_id: "1" } }],
  ["a two-part name keeps its .func (and is no tool)", "42-45", "nope.func()", { error: "NameError" }, { tool: "nope.func", args: {} }],
  ["positional arguments are dropped", "52", 'calendar.delete_event.func("00000013")', { error: "TypeError" }, { tool: "calendar.delete_event", args: {} }],
  ["positional and keyword arguments together", "52", 'email.send_email.func("x@y.z", subject="s")', { error: "TypeError" }, { tool: "email.send_email", args: { subject: "s" } }],
  ["an int becomes str(int)", "55-56", 'calendar.create_event.func(duration=30)', { error: "TypeError" }, { tool: "calendar.create_event", args: { duration: "30" } }],
  ["a float keeps its Python repr", "55-56", "calendar.create_event.func(duration=30.0)", { error: "TypeError" }, { tool: "calendar.create_event", args: { duration: "30.0" } }],
  ["a large float uses an exponent", "55-56", "calendar.create_event.func(duration=1e20)", { error: "TypeError" }, { tool: "calendar.create_event", args: { duration: "1e+20" } }],
  ["a small float uses an exponent", "55-56", "calendar.create_event.func(duration=3.14e-7)", { error: "TypeError" }, { tool: "calendar.create_event", args: { duration: "3.14e-07" } }],
  ["a negative number", "55-56", "calendar.create_event.func(duration=-1.50)", { error: "TypeError" }, { tool: "calendar.create_event", args: { duration: "-1.5" } }],
  ["hex and underscores are ints", "55-56", "calendar.create_event.func(duration=0x1F, event_name=1_000)", { error: "TypeError" }, { tool: "calendar.create_event", args: { duration: "31", event_name: "1000" } }],
  ["True / None become their names", "55-56", "calendar.create_event.func(event_name=True, duration=None)", { error: "TypeError" }, { tool: "calendar.create_event", args: { event_name: "True", duration: "None" } }],
  ["a list becomes its repr", "55-56", 'calendar.create_event.func(event_name=[1, "x"])', { error: "TypeError" }, { tool: "calendar.create_event", args: { event_name: "[1, 'x']" } }],
  ["a dict becomes its repr", "55-56", 'calendar.create_event.func(event_name={"k": None})', { error: "TypeError" }, { tool: "calendar.create_event", args: { event_name: "{'k': None}" } }],
  ["a one-tuple and set()", "55-56", "calendar.create_event.func(event_name=(1,), duration=set())", { error: "TypeError" }, { tool: "calendar.create_event", args: { event_name: "(1,)", duration: "set()" } }],
  ["bytes become their repr", "55-56", "calendar.create_event.func(event_name=b'x')", { error: "TypeError" }, { tool: "calendar.create_event", args: { event_name: "b'x'" } }],
  ["a complex number", "55-56", "calendar.create_event.func(duration=1+2j)", { error: "SyntaxError" }, { tool: "calendar.create_event", args: { duration: "(1+2j)" } }],
  ["a name is not a literal (ValueError)", "55", "calendar.delete_event.func(event_id=foo)", { error: "NameError" }, { error: "ValueError" }],
  ["a call is not a literal (ValueError)", "55", "calendar.delete_event.func(event_id=str(1))", { error: "TypeError" }, { error: "ValueError" }],
  ["a repeated keyword keeps the last value", "51-56", 'calendar.delete_event.func(event_id="1", event_id="2")', { error: "SyntaxError" }, { tool: "calendar.delete_event", args: { event_id: "2" } }],
  ["ast.parse rejects a leading space", "28", ' calendar.delete_event.func(event_id="1")', { tool: "calendar.delete_event", args: { event_id: "1" } }, { error: "IndentationError" }],
  ["equal dict keys merge (1, 1.0, True)", "55-56", 'calendar.create_event.func(event_name={1: "a", 1.0: "b", True: "c"})', { error: "TypeError" }, { tool: "calendar.create_event", args: { event_name: "{1: 'c'}" } }],
  ["signed hex, imaginary and negative complex", "55-56", "calendar.create_event.func(event_name=-0x10, duration=1.5j, event_start=-1-2j)", { error: "SyntaxError" }, { tool: "calendar.create_event", args: { event_name: "-16", duration: "1.5j", event_start: "(-1-2j)" } }],
  ["float repr thresholds", "55-56", "calendar.create_event.func(event_name=1e16, duration=0.0001, event_start=0.00001, participant_email=123.456e5)", { error: "TypeError" }, { tool: "calendar.create_event", args: { event_name: "1e+16", duration: "0.0001", event_start: "1e-05", participant_email: "12345600.0" } }],
  ["*args and **kwargs are skipped", "52-54", 'calendar.delete_event.func(*["x"], event_id="1", **{"field": "y"})', { error: "SyntaxError" }, { tool: "calendar.delete_event", args: { event_id: "1" } }],
  ["strings are unchanged", "55-56", 'calendar.delete_event.func(event_id="00000013")', { tool: "calendar.delete_event", args: { event_id: "00000013" } }, { tool: "calendar.delete_event", args: { event_id: "00000013" } }],
  ["a syntax error fails both", "28", 'calendar.delete_event.func(event_id="1"', { error: "SyntaxError" }, { error: "SyntaxError" }],
])("%s (actions.py:%s)", (_name, _line, raw, v2024, v2026) => {
  test("2024", () => expect(summary(CALL_DIALECT_2024, raw)).toEqual(v2024));
  test("2026", () => expect(summary(CALL_DIALECT_2026, raw)).toEqual(v2026));
});
