// The workbench-2026 agent's first HTTP request, byte for byte against upstream's. The fixture
// (fixtures/request-2026.json) is rendered by fixtures/make-request-2026.py, which imports upstream's
// tool.py and the official tool modules under CPython (tool descriptions = func.__doc__, schemas from
// inspect.signature): an independent rendering, not ours replayed. Here the agent runs through the real
// OpenAI Chat Completions client of the AI SDK against a fetch that captures the body it would send.
import { createOpenAI } from "@ai-sdk/openai";
import { beforeAll, describe, expect, test } from "vitest";
import fixture from "../fixtures/request-2026.json";
import { PROTOCOLS } from "../../protocols";
import { createSandbox } from "../../sandbox/sandbox";
import { createAgent } from "..";
import { toolDescription2026 } from "./harness";
import { loadFixture2026, type Fixture2026 } from "../../test-support/workbench-2026";
import { TEST_ENGINE, TEST_MAX_STEPS, TEST_TEMPERATURE, testHarness2026 } from "../../test-support/agent-deps";
import type { Harness2026Options } from "../types";
import type { Task } from "../../datasets/types";

let data: Fixture2026;
let task: Task;

beforeAll(async () => {
  data = await loadFixture2026();
  const found = data.dataset.tasks.find((candidate) => candidate.text === "Delete my last email from nadia");
  if (!found) throw new Error("the v2026 email task 'Delete my last email from nadia' is missing");
  task = found;
});

/** The JSON body of the agent's first request (answered with a final message, so there is one). */
async function firstRequest(modelId: string, toolSet: "all" | "domains", harness2026: Partial<Harness2026Options>): Promise<Record<string, unknown>> {
  const bodies: Record<string, unknown>[] = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    const reply = {
      id: "chatcmpl-1", object: "chat.completion", created: 0, model: modelId,
      choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Done." } }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    };
    return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
  };
  const model = createOpenAI({ apiKey: "test-key", baseURL: "http://127.0.0.1:9/v1", fetch }).chat(modelId);
  const tools = toolSet === "all" ? PROTOCOLS["2026"].tools.all : PROTOCOLS["2026"].tools.forToolkits(task.toolkits);
  await createAgent("workbench-2026").run(task, {
    sandbox: createSandbox(data.dataset.sandbox),
    tools,
    protocol: PROTOCOLS["2026"],
    harness2026: testHarness2026({ ...harness2026, toolSelection: toolSet }),
    sink: { record: async () => {} },
    engine: TEST_ENGINE,
    maxSteps: TEST_MAX_STEPS,
    temperature: TEST_TEMPERATURE,
    signal: new AbortController().signal,
    model,
  });
  return bodies[0]!;
}

/**
 * The parts upstream's request is made of (the model id is the route's; the rest is the harness's).
 * The one remaining difference: the AI SDK always sends `tool_choice: "auto"` with tools, which is the
 * API's default when tools are given; upstream's client leaves it out (docs/running-agents.md, "workbench-2026").
 */
function comparable(body: Record<string, unknown>) {
  const { model: _model, tool_choice: toolChoice, ...rest } = body;
  expect(toolChoice).toBe(body.tools === undefined ? undefined : "auto");
  return rest;
}

describe("workbench-2026: the first request equals upstream's", () => {
  test("27/27 tool descriptions are upstream's docstrings verbatim, read from the official sources", () => {
    const tools = PROTOCOLS["2026"].tools.all;
    const identical = tools.filter((tool) => toolDescription2026(tool, TEST_ENGINE) === (fixture.docstrings as Record<string, string>)[tool.name]);
    expect(tools).toHaveLength(27);
    expect(identical.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    // Including upstream's own slips, kept as sent: the wrong field names of get_email_information_by_id.
    expect(toolDescription2026(tools.find((tool) => tool.name === "email.get_email_information_by_id")!, TEST_ENGINE)).toContain('"sender", "subject", "sent_date"');
  });

  test("structured outputs, all tools, act without confirmation, a model that takes a temperature", async () => {
    const body = await firstRequest("gpt-4o", "all", { structuredOutputs: true, actWithoutConfirmation: true });
    expect(comparable(body)).toEqual(fixture.requests["structured-all"]);
  });

  test("structured outputs, the task's domains, asking allowed, a model upstream sends no temperature", async () => {
    const body = await firstRequest("gpt-5.4-mini", "domains", { structuredOutputs: true, actWithoutConfirmation: false });
    expect(comparable(body)).toEqual(fixture.requests["structured-email"]);
  });

  test("ReAct text loop (structured outputs off), all tools and the task's domains", async () => {
    expect(comparable(await firstRequest("gpt-4o", "all", { structuredOutputs: false, actWithoutConfirmation: true }))).toEqual(fixture.requests["react-all"]);
    // A reasoning model too: the SDK would make the system message a "developer" one; upstream sends "system".
    const { temperature: _none, ...reactAll } = fixture.requests["react-all"];
    expect(comparable(await firstRequest("gpt-5.4-mini", "all", { structuredOutputs: false, actWithoutConfirmation: true }))).toEqual(reactAll);
    expect(comparable(await firstRequest("gpt-4o", "domains", { structuredOutputs: false, actWithoutConfirmation: false }))).toEqual(fixture.requests["react-email"]);
  });
});
