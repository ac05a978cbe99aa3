// The workbench-2026 agent against a scripted model through the real generateText: what it sends
// (system prompt, tool names and schemas) and how it records calls, as upstream agent.py /
// inference.py (5b76dee / f7bed57) do in structured-outputs mode.
import { beforeAll, describe, expect, test } from "vitest";
import { PROTOCOLS } from "../../protocols";
import type { ScriptedToolCall } from "../scripted-model";
import { formatCall2026, orderTools2026 } from "./harness";
import { loadFixture2026, runWorkbench2026, type Fixture2026 } from "../../test-support/workbench-2026";
import { TEST_ENGINE, TEST_MAX_STEPS, TEST_TEMPERATURE, testHarness2026 } from "../../test-support/agent-deps";
import { scriptedModel } from "../scripted-model";
import { createAgent } from "..";
import { createSandbox } from "../../sandbox/sandbox";

let fixture: Fixture2026;

beforeAll(async () => {
  fixture = await loadFixture2026();
});

const run = (turns: readonly ScriptedToolCall[][], maxSteps?: number) => runWorkbench2026(fixture, turns, { maxSteps });

describe("workbench-2026 agent", () => {
  test("sends the 2026 date preamble with the act-without-confirmation suffix, sanitized names and title schemas", async () => {
    const { requests } = await run([]);
    const request = requests[0]!;
    expect(request.prompt[0]).toEqual({
      role: "system",
      content:
        "Today's date is Thursday, 2023-11-30 and the current time is 00:00:00. Remember the current date and time when completing tasks. " +
        "Meetings must not start before 9am or end after 6pm. Do not ask for confirmation before executing actions. " +
        "Execute actions immediately and continue until the task is fully complete. Do not stop after a search or lookup step.",
    });
    expect(request.prompt[1]).toMatchObject({ role: "user", content: [{ type: "text", text: fixture.task.text }] });
    // inference.py get_toolkits order: the toolkit in toolkits.py order (side effects first), then the directory.
    expect((request.tools ?? []).map((tool) => tool.name)).toEqual([
      "email_send_email", "email_delete_email", "email_forward_email", "email_reply_email",
      "email_get_email_information_by_id", "email_search_emails", "company_directory_find_email_address",
    ]);
    const search = request.tools?.find((tool) => tool.name === "email_search_emails");
    expect(search && "inputSchema" in search ? search.inputSchema : null).toMatchObject({
      type: "object",
      properties: { query: { type: "string", description: "Query" }, date_min: { type: "string", description: "Date Min" } },
    });
  });

  test("runs calls with str() values in the model's order; escapes the call string; an unknown tool is answered and recorded", async () => {
    const { outcome, steps } = await run([
      [{ toolName: "email_search_emails", input: '{"date_min": "2023-11-01", "query": "say \\"hi\\"\\nnow"}' }],
      [{ toolName: "email_archive_email", input: '{"email_id": 7}' }],
      [{ toolName: "email.delete_email", input: '{"email_id": "00000479"}' }],
    ]);
    expect(outcome.calls).toEqual([
      'email.search_emails.func(date_min="2023-11-01", query="say \\"hi\\"\\nnow")',
      'email_archive_email.func(email_id="7")',
      'email.delete_email.func(email_id="00000479")',
    ]);
    expect(outcome).toMatchObject({ error: null, finalAnswer: "All done." });
    const unknown = steps.find((step) => step.kind === "tool" && step.tool === "email_archive_email");
    expect(unknown).toMatchObject({ ok: false });
    expect(unknown?.kind === "tool" && unknown.observation).toBe(
      "Tool 'email_archive_email' not found. Available tools: email.send_email, email.delete_email, email.forward_email, " +
        "email.reply_email, email.get_email_information_by_id, email.search_emails, company_directory.find_email_address",
    );
    expect(formatCall2026("t", { body: "a\\b" })).toBe('t.func(body="a\\\\b")');
  });

  test("a tool that raises ends the task with its message and no recorded calls", async () => {
    const { outcome, steps } = await run([
      [{ toolName: "email_delete_email", input: '{"email_id": "00000479"}' }],
      [{ toolName: "email_delete_email", input: '{"email_id": "00000479", "reason": "spam"}' }],
    ]);
    expect(outcome.calls).toEqual([]);
    expect(outcome.errorKind).toBe("tool_error");
    expect(outcome.error).toMatch(/unexpected keyword argument 'reason'/);
    expect(steps.filter((step) => step.kind === "tool")).toHaveLength(2);
  });

  test("with every toolkit offered the order is inference.py's: email, calendar, analytics, project management, CRM", () => {
    const ordered = orderTools2026(PROTOCOLS["2026"].tools.all, ["calendar"]).map((tool) => tool.name);
    expect(ordered.slice(0, 7)).toEqual([
      "email.send_email", "email.delete_email", "email.forward_email", "email.reply_email",
      "email.get_email_information_by_id", "email.search_emails", "calendar.create_event",
    ]);
    expect(ordered.at(-1)).toBe("company_directory.find_email_address");
    expect(ordered).toHaveLength(PROTOCOLS["2026"].tools.all.length);
    const multi = orderTools2026(PROTOCOLS["2026"].tools.forToolkits(["project_management", "calendar"]), ["project_management", "calendar"]);
    expect(multi.map((tool) => tool.domain)[0]).toBe("project_management");
  });

  test("domains setting: a task listing \"crm\" gets no CRM tools, as inference.py get_toolkits (f7bed57:56 `if name in _TOOLKIT_MAP`)", async () => {
    const task = fixture.dataset.tasks.find((candidate) => candidate.toolkits.join() === "crm,calendar");
    if (!task) throw new Error("no v2026 task with domains ['crm', 'calendar']");
    // The run's tool set (what every agent is given) resolves the alias: our `tools` agent keeps CRM.
    const runTools = PROTOCOLS["2026"].tools.forToolkits(task.toolkits);
    expect(runTools.some((tool) => tool.domain === "customer_relationship_manager")).toBe(true);
    const offeredNames = async (toolSelection: "all" | "domains") => {
      const { requests } = await runWorkbench2026(fixture, [], { task, tools: toolSelection === "all" ? PROTOCOLS["2026"].tools.all : runTools, harness2026: { toolSelection } });
      return (requests[0]!.tools ?? []).map((tool) => tool.name);
    };
    expect(await offeredNames("domains")).toEqual([
      "calendar_create_event", "calendar_delete_event", "calendar_update_event",
      "calendar_get_event_information_by_id", "calendar_search_events", "company_directory_find_email_address",
    ]);
    // The "all" setting names the toolkit in full (inference.py default_toolkits): CRM is offered.
    expect(await offeredNames("all")).toContain("customer_relationship_manager_search_customers");
    // Spelled out, the same toolkit is kept, in the column's order.
    const spelled = orderTools2026(PROTOCOLS["2026"].tools.all, ["customer_relationship_manager", "calendar"], "domains");
    expect([...new Set(spelled.map((tool) => tool.domain))]).toEqual(["customer_relationship_manager", "calendar", "company_directory"]);
  });

  // The rule lives in the capability table alone (model-capabilities.ts, checked there against every
  // MODEL_REGISTRY entry of f7bed57); here: the harness's requests follow it, registry names included.
  test.each([
    ["gpt-5.5", undefined], ["anthropic/claude-opus-4-5-20251101", undefined], ["claude-opus-4.7", undefined], ["claude-fable-5", undefined],
    ["openai/gpt-5-2025-08-07", undefined], ["o1", undefined],
    ["gpt-5.4", 0], ["claude-sonnet-4-6", 0], ["gpt-4o", 0], ["claude-haiku-4-5", 0], ["gemini-3.1-pro-preview", 0], ["my-local-model", 0],
  ] as const)("%s: temperature %s, as agent.py MODEL_REGISTRY supports_temperature (f7bed57)", async (modelId, temperature) => {
    expect((await runWorkbench2026(fixture, [], { modelId })).requests[0]!.temperature).toBe(temperature);
  });

  test("the ReAct loop (structured outputs off) follows the same rule (_call_llm)", async () => {
    const react = await runWorkbench2026(fixture, [], { modelId: "o3", harness2026: { structuredOutputs: false } });
    expect(react.requests[0]!.temperature).toBeUndefined();
  });

  test("checks the time limit before each model call, never mid-call, keeping the calls made (agent.py max_execution_time)", async () => {
    const call = [{ toolName: "email_search_emails", input: '{"query": "nadia"}' }];
    const model = scriptedModel([call, call, call]);
    // Each recorded step takes 20 ms: after the first turn the 10 ms limit has passed.
    const slowSink = { record: () => new Promise<void>((resolve) => setTimeout(resolve, 20)) };
    const outcome = await createAgent("workbench-2026").run(fixture.task, {
      sandbox: createSandbox(fixture.dataset.sandbox),
      tools: PROTOCOLS["2026"].tools.forToolkits(["email"]),
      protocol: PROTOCOLS["2026"],
      harness2026: testHarness2026({ timeLimitMs: 10 }),
      sink: slowSink,
      engine: TEST_ENGINE,
      maxSteps: TEST_MAX_STEPS,
      temperature: TEST_TEMPERATURE,
      signal: new AbortController().signal,
      model,
    });
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(outcome).toMatchObject({ calls: ['email.search_emails.func(query="nadia")'], errorKind: "timeout", error: "Agent stopped due to iteration limit or time limit." });
  });

  test("stops at the step limit with the iteration-limit message, keeping its calls", async () => {
    const call = [{ toolName: "email_search_emails", input: '{"query": "nadia"}' }];
    const { outcome } = await run([call, call, call], 2);
    expect(outcome).toMatchObject({ errorKind: "iteration_limit", error: "Agent stopped due to iteration limit or time limit." });
    expect(outcome.calls).toHaveLength(2);
  });
});
