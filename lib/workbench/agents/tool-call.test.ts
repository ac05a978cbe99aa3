import { describe, expect, test } from "vitest";
import { PROTOCOLS } from "../protocols/definitions";
import { fixtureEmailDeps } from "../test-support/agent-deps";
import { callTool, toolsForTask } from "./tool-call";

const setUp = () => fixtureEmailDeps();

describe("callTool: the one pipeline for native tool calls", () => {
  test("maps the provider-safe name, runs the tool, records the step and the predicted call", async () => {
    const { deps, trace, steps } = setUp();
    const result = await callTool(deps, trace, { name: "company_directory__find_email_address", input: { name: "Lena" } });
    expect(result).toMatchObject({ ok: true, rejected: false });
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ kind: "tool", tool: "company_directory.find_email_address", ok: true, args: { name: "Lena" } });
    expect(trace.outcome(null, null).calls).toEqual(['company_directory.find_email_address.func(name="Lena")']);
  });

  test.each([
    ["a tool that is not offered", { name: "calendar__delete_event", input: { event_id: "00000013" } }, /unavailable tool 'calendar.delete_event'/],
    ["an unknown keyword", { name: "email__delete_email", input: { email_id: "1", force: "yes" } }, /Invalid arguments for email.delete_email/],
    ["a non-string value", { name: "email__delete_email", input: { email_id: 1 } }, /Invalid arguments/],
    ["malformed JSON the SDK could not parse", { name: "email__delete_email", input: "{email_id:", invalid: new Error("JSON") }, /Malformed JSON arguments/],
  ])("refuses %s: recorded as a failed step that never ran", async (_label, call, message) => {
    const { deps, trace, steps } = setUp();
    const before = deps.sandbox.state;
    const result = await callTool(deps, trace, call);
    expect(result).toMatchObject({ ok: false, rejected: true });
    expect(result.observation).toMatch(message);
    expect(steps).toEqual([expect.objectContaining({ kind: "tool", ok: false, diff: [] })]);
    expect(deps.sandbox.state).toBe(before);
  });

  test("a number the model sent is kept as sent beside the string arguments and the call string", async () => {
    const { deps, trace, steps } = setUp();
    await callTool(deps, trace, { name: "email__delete_email", input: { email_id: 479 } });
    expect(steps[0]).toMatchObject({ kind: "tool", args: { email_id: "479" }, call: 'email.delete_email.func(email_id="479")', arguments: { email_id: 479 } });
  });

  test("string arguments need nothing beside them", async () => {
    const { deps, trace, steps } = setUp();
    await callTool(deps, trace, { name: "email__delete_email", input: { email_id: "1", force: "yes" } });
    expect(steps[0]).not.toHaveProperty("arguments");
  });

  test("absent arguments are no arguments (MCP clients may leave them out)", async () => {
    const { deps, trace } = setUp();
    expect(await callTool(deps, trace, { name: "email__search_emails", input: undefined })).toMatchObject({ rejected: false });
  });
});

describe("toolsForTask", () => {
  const tools = PROTOCOLS["2024"].tools;
  test("all: every tool; domains: the task's toolkits and the company directory", () => {
    expect(toolsForTask(tools, "all", { toolkits: ["email"] })).toHaveLength(tools.all.length);
    const domains = new Set(toolsForTask(tools, "domains", { toolkits: ["email"] }).map((tool) => tool.domain));
    expect(domains).toEqual(new Set(["email", "company_directory"]));
  });
});
