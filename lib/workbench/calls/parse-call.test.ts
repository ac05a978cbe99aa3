import { describe, expect, test } from "vitest";
import { parseCall, preprocessCall } from "./parse-call";
import { parseCallList } from "./call-list";
import { formatCall } from "./format-call";

describe("parseCall accepts what the original eval() ran", () => {
  test.each([
    ['calendar.delete_event.func(event_id="00000256")', "calendar.delete_event", { event_id: "00000256" }],
    ["email.send_email.func(recipient='a@b.com', subject=\"Hi\", body='x')", "email.send_email", { recipient: "a@b.com", subject: "Hi", body: "x" }],
    ['analytics.total_visits_count.func()', "analytics.total_visits_count", {}],
    ['  calendar . search_events . func ( query = "sync" , ) ', "calendar.search_events", { query: "sync" }],
    ['email.send_email.func(body="a\\tb\\\\c\\x41\\u00e9\\\'\\"")', "email.send_email", { body: "a\tb\\cAé'\"" }],
    ['email.send_email.func(body=r"a\\nb")', "email.send_email", { body: "a\\nb" }],
    ['email.send_email.func(body="con" \'cat\')', "email.send_email", { body: "concat" }],
    ['email.send_email.func(body="unknown \\q escape")', "email.send_email", { body: "unknown \\q escape" }],
    // Quirk 4: a real newline becomes the two characters \n, which the literal decodes to a newline.
    ['email.send_email.func(body="line1\nline2")', "email.send_email", { body: "line1\nline2" }],
  ])("%s", (raw, tool, args) => {
    const parsed = parseCall(raw);
    expect(parsed).toEqual({ ok: true, call: { tool, args, raw } });
  });
});

describe("parseCall rejects like Python, with the exception type", () => {
  test.each([
    ['calendar.delete_event.func(event_id="00000256"', "SyntaxError"],
    ['calendar.delete_event.func(event_id="0000)', "SyntaxError"],
    ['customer_relationship_manager.update_customer.func(customer_id="["x"]", field="status")', "SyntaxError"],
    ['email.send.func(from="a@b.c", to="d@e.f")', "SyntaxError"],
    ['Log and analyze the request.func(request="x")', "SyntaxError"],
    ['calendar.delete_event.func(event_id="1") trailing', "SyntaxError"],
    ['calendar.delete_event.func(event_id="1", event_id="2")', "SyntaxError"],
    ['calendar.delete_event.func(event_id="1", "2")', "SyntaxError"],
    ['calendar.delete_event.func(event_id="\\x4")', "SyntaxError"],
    ['calendar.delete_event.func(event_id="\\u12")', "SyntaxError"],
    ['calendar.delete_event.func(event_id=f"{x}")', "SyntaxError"],
    ["", "SyntaxError"],
    ['update_event.func(event_id="1")', "NameError"],
    ['time.get_current_time.func()', "NameError"],
    ['calendar.delete_event.func(event_id=some_name)', "NameError"],
    ['pd.read_csv.func(path="x")', "AttributeError"],
    ['calendar.delete_event.run.func(event_id="1")', "AttributeError"],
    ['calendar.search_events(query="x")', "TypeError"],
    ['calendar.delete_event.func("00000256")', "TypeError"],
    ['calendar.create_event.func(duration=30)', "TypeError"],
    ['calendar.create_event.func(duration=b"30")', "TypeError"],
  ])("%s → %s", (raw, errorType) => {
    const parsed = parseCall(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.errorType).toBe(errorType);
      expect(parsed.error.raw).toBe(raw);
    }
  });

  test("syntax errors report where reading stopped", () => {
    const parsed = parseCall('calendar.delete_event.func(event_id="1" x)');
    expect(parsed.ok ? "" : parsed.error.message).toMatch(/at 40/);
  });
});

test("preprocessCall only rewrites real newlines", () => {
  expect(preprocessCall("a\nb\\n")).toBe("a\\nb\\n");
  expect(preprocessCall("plain")).toBe("plain");
});

describe("parseCallList", () => {
  test.each([
    ["[]", []],
    ['[\'a.b.func(x="1")\', "c.d.func(y=\'2\')"]', ['a.b.func(x="1")', "c.d.func(y='2')"]],
    ["['it\\'s']", ["it's"]],
  ])("%s", (text, expected) => {
    expect(parseCallList(text)).toEqual(expected);
  });
  test.each(["['a'", "['a', 3]", "'a'", "['a'] junk"])("rejects %s", (text) => {
    expect(() => parseCallList(text)).toThrow();
  });
});

describe("formatCall writes the original's format (str() of every value)", () => {
  test.each([
    [{ event_id: "00000256" }, 'calendar.delete_event.func(event_id="00000256")'],
    [{ duration: 30, flag: true, none: null }, 'calendar.delete_event.func(duration="30", flag="True", none="None")'],
    [{ list: ["a", 1], dict: { k: "v" } }, "calendar.delete_event.func(list=\"['a', 1]\", dict=\"{'k': 'v'}\")"],
  ])("%j", (args, expected) => {
    expect(formatCall("calendar.delete_event", args)).toBe(expected);
  });

  test("a value with a double quote breaks the literal, as in the original", () => {
    const raw = formatCall("email.send_email", { body: 'say "hi"' });
    expect(parseCall(raw).ok).toBe(false);
  });
});
