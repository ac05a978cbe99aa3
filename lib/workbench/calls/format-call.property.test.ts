// formatCall ∘ parseCall: the original's call format (`k="v"`, values unescaped) round-trips every
// value without a `"`, a trailing backslash or a backslash escape; those are where the original's
// format breaks (a `"` is a SyntaxError at replay, `\n` in a value decodes to a newline).
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { formatCall, parseCall, pythonStr } from ".";
import { actionArguments } from "../agents/react-agent";

const toolName = fc.constantFrom("calendar.create_event", "email.send_email", "analytics.create_plot", "company_directory.find_email_address");
const keyword = fc.stringMatching(/^[a-z_][a-z0-9_]{0,12}$/).filter((k) => !["if", "in", "is", "or", "and", "not", "for", "def", "del", "try", "as"].includes(k));
/** Values the format carries verbatim: no `"`, no backslash (an escape would be decoded), no raw newline. */
const safeValue = fc.string({ unit: fc.oneof(fc.constantFrom("'", "é", "😀", " ", "\t", "{", "}", "(", ")", ","), fc.string({ unit: "grapheme", maxLength: 1 })) }).filter((v) => !/["\\\n\r]/.test(v));

describe("(a) formatCall / parseCall round trip", () => {
  test("tool names and safe values round-trip exactly", () => {
    fc.assert(
      fc.property(toolName, fc.dictionary(keyword, safeValue, { maxKeys: 4 }), (tool, args) => {
        const parsed = parseCall(formatCall(tool, args));
        expect(parsed.ok).toBe(true);
        if (parsed.ok) {
          expect(parsed.call.tool).toBe(tool);
          expect(parsed.call.args).toEqual(args);
        }
      }),
      { numRuns: 500 },
    );
  });

  test("a value with a double quote never round-trips: SyntaxError, or different arguments", () => {
    fc.assert(
      fc.property(safeValue, safeValue, (before, after) => {
        const value = `${before}"${after}`;
        const parsed = parseCall(formatCall("email.send_email", { body: value }));
        expect(parsed.ok && parsed.call.args.body === value).toBe(false);
      }),
    );
  });

  test.each([
    ["real newline → \\n escape → newline again", "a\nb", { ok: true, value: "a\nb" }],
    ["two characters \\n decode to a newline", "a\\nb", { ok: true, value: "a\nb" }],
    ["unknown escape keeps its backslash", "a\\qb", { ok: true, value: "a\\qb" }],
    ["trailing backslash escapes the closing quote", "a\\", { ok: false }],
    ["a quote ends the literal early", 'say "hi"', { ok: false }],
  ])("%s", (_name, value, expected) => {
    const parsed = parseCall(formatCall("email.send_email", { body: value }));
    expect(parsed.ok).toBe(expected.ok);
    if (parsed.ok && "value" in expected) expect(parsed.call.args.body).toBe(expected.value);
  });
});

describe("react action_input values are str()'d as the original recorded them", () => {
  test.each([
    [{ duration: 30 }, { duration: "30" }, { duration: "30" }],
    [{ duration: 30.5 }, { duration: "30.5" }, { duration: "30.5" }],
    [{ duration: -1 }, { duration: "-1" }, { duration: "-1" }],
    [{ event_id: null }, { event_id: "None" }, {}],
    [{ flag: true, other: false }, { flag: "True", other: "False" }, { flag: "True", other: "False" }],
    [{ recipient: ["a@b.com", "c@d.com"] }, { recipient: "['a@b.com', 'c@d.com']" }, { recipient: "['a@b.com', 'c@d.com']" }],
    [{ body: { a: 1, b: [null] } }, { body: "{'a': 1, 'b': [None]}" }, { body: "{'a': 1, 'b': [None]}" }],
    [{ body: ["it's"] }, { body: '["it\'s"]' }, { body: '["it\'s"]' }],
    [{ name: "" }, { name: "" }, { name: "" }],
  ])("%j → call %j, live %j", (input, recorded, live) => {
    expect(actionArguments(input, "first")).toEqual({ recorded, live });
  });

  test.each([
    ["a bare string goes to the first parameter", "Santiago", { name: "Santiago" }],
    ["a bare number too, str()'d", 42, { name: "42" }],
    ["a list too, as its repr", ["x"], { name: "['x']" }],
  ])("%s", (_name, input, recorded) => {
    expect(actionArguments(input, "name").recorded).toEqual(recorded);
  });

  test.each([
    ["calendar.create_event", { event_name: "Sync", participant_email: "a@b.com", event_start: "2023-12-01 10:00:00", duration: 30 }],
    ["email.send_email", { recipient: "a@b.com", subject: "Hi", body: ["x", "y"] }],
    ["calendar.delete_event", { event_id: 256 }],
  ])("the replay of %s(%j) runs the live arguments", (tool, input) => {
    const { recorded, live } = actionArguments(input, undefined);
    const parsed = parseCall(formatCall(tool, recorded));
    expect(parsed.ok && parsed.call.args).toEqual(live);
  });

  test("None differs between live and replay, as in the original: live None is 'not provided', replay sees the text \"None\"", () => {
    const { recorded, live } = actionArguments({ event_id: null }, undefined);
    expect(live).toEqual({});
    const parsed = parseCall(formatCall("calendar.delete_event", recorded));
    expect(parsed.ok && parsed.call.args).toEqual({ event_id: "None" });
    expect(pythonStr(null)).toBe("None");
  });
});
