// What a model can throw at the tools: every argument of every tool gets odd strings (empty, 1 MB,
// regex syntax, unicode, odd dates, ids with and without padding). Each must come back as an outcome
// with an observation: no exception escapes and no search hangs the worker.
import { describe, expect, test } from "vitest";
import { createSandbox } from "../sandbox/sandbox";
import { realSandboxData } from "../test-support/real-sandbox";
import { ALL_TOOLS, executeCall } from ".";
import { compilePythonRegex, regexSearch } from "./python-regex";
import { searchCost } from "./regex-cost";
import { PythonError } from "./python-error";

const MEGABYTE = "a".repeat(1_000_000);
const ODD_VALUES = [
  "", " ", MEGABYTE, "(", "[", "\\", "*", "a{1,", "\\q", "(?x)a", "(?<=a)b", "[z-a]", "(a+)+$", "(.*.*)*y",
  "😀", "İ", "\u0000", "\n", "None", "True", "[1, 2]", "{'a': 1}", "2023/11/30", "30-11-2023", "tomorrow",
  "2023-13-45", "2023-11-30T10:00:00Z", "2023-11-30 25:00:00", "NaT", "now", "256", "00000256", " 00000256 ",
  "+256", "999999999999999999999", "1_000",
];
const data = realSandboxData();

describe.each(ALL_TOOLS.map((tool) => [tool.name, tool] as const))("%s with odd arguments", (_name, tool) => {
  test.each(tool.parameters)("every odd value for %s yields an observation", (parameter) => {
    for (const filled of [{}, Object.fromEntries(tool.parameters.map((name) => [name, "00000256"]))]) {
      for (const value of ODD_VALUES) {
        const outcome = tool.execute(createSandbox(data), { ...filled, [parameter]: value });
        expect(typeof outcome.observation).toBe("string");
      }
    }
  });

  test("an unknown keyword is the TypeError Python raises", () => {
    const outcome = tool.execute(createSandbox(data), { unexpected_key: "x" });
    expect(outcome).toMatchObject({ ok: false, errorType: "TypeError" });
  });
});

describe("catastrophic patterns cannot hang a search", () => {
  // An agent can first create a row with a long run of "a", then search it with a nested quantifier.
  const longName = `${"a".repeat(40)}!`;
  test.each([
    ["calendar.search_events", { query: "(a+)+$" }],
    ["calendar.search_events", { query: "(.*.*)*y" }],
    ["calendar.search_events", { query: "(a|aa)*$" }],
    ["calendar.search_events", { query: ".*.*.*.*.*.*.*.*x" }],
    ["project_management.search_tasks", { task_name: "(a*)*$" }],
    ["customer_relationship_manager.search_customers", { customer_name: "(\\w+\\s?)+$" }],
    ["company_directory.find_email_address", { name: "(a+)+$" }],
  ])("%s(%j) answers quickly", (tool, args) => {
    const sandbox = createSandbox(data);
    executeCall(sandbox, { tool: "calendar.create_event", args: { event_name: longName, participant_email: `${longName}@x.com`, event_start: "2023-12-01 10:00:00", duration: "30" }, raw: "" });
    executeCall(sandbox, { tool: "project_management.create_task", args: { task_name: longName, assigned_to_email: "fatima.khan@atlas.com", list_name: "Backlog", due_date: "2023-12-01", board: "Design" }, raw: "" });
    executeCall(sandbox, { tool: "customer_relationship_manager.add_customer", args: { customer_name: longName, assigned_to_email: "fatima.khan@atlas.com", status: "Lead" }, raw: "" });
    const started = Date.now();
    const outcome = executeCall(sandbox, { tool, args, raw: "" });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(outcome).toMatchObject({ ok: false, errorType: "TimeoutError" });
  });
});

describe("regex search bound", () => {
  test.each([
    ["sync", 50, 50],
    ["a.*b", 50, 50 * 51],
    ["a?b", 10, 20],
    ["(ab|cd)", 10, 20],
    ["a{2,4}", 10, 30],
    ["(ab)+", 10, 110],
    ["(a+)+$", 10, Infinity],
    ["(a|b)*", 10, Infinity],
  ])("searchCost(%j, n=%i) = %d", (source, n, expected) => {
    expect(searchCost(source, n)).toBe(expected);
  });

  test.each([
    ["meeting", "Team meeting", true],
    ["sprint.*review", "Sprint planning and review", true],
    ["q[1-4]", "Q3 review", true],
    ["x|y", "abc", false],
  ])("everyday pattern %j still searches %j", (pattern, text, expected) => {
    expect(regexSearch(compilePythonRegex(pattern, true), text)).toBe(expected);
  });

  test("a 1 MB literal is a substring search (V8 rejects it as a regex; Python accepts it)", () => {
    expect(regexSearch(compilePythonRegex(MEGABYTE, true), "A".repeat(1_000_001))).toBe(true);
    expect(regexSearch(compilePythonRegex(MEGABYTE, true), "short")).toBe(false);
  });

  test("a regex V8 cannot compile at all is re.error at compile time, not at search time", () => {
    const deep = `${"(".repeat(100_000)}${")".repeat(100_000)}`;
    expect(() => compilePythonRegex(deep, true)).toThrow(PythonError);
  });
});
