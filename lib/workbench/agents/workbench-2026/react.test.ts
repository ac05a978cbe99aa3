// The 2026 harness with structured_outputs off (upstream agent.py run_agent / parse_action, 5b76dee).
import { beforeAll, describe, expect, test } from "vitest";
import { PROTOCOLS } from "../../protocols";
import type { ScriptedTurn } from "../scripted-model";
import { buildSystemPrompt2026React, parseAction2026 } from "./react";
import { loadFixture2026, runWorkbench2026, type Fixture2026 } from "../../test-support/workbench-2026";
import { TEST_ENGINE } from "../../test-support/agent-deps";

let fixture: Fixture2026;

beforeAll(async () => {
  fixture = await loadFixture2026();
});

describe("parseAction2026", () => {
  test.each([
    ["a fenced json blob", 'Thought: go\nAction:\n```json\n{"action": "email.delete_email", "action_input": {"email_id": "1"}}\n```', { kind: "action", action: "email.delete_email", input: { email_id: "1" } }],
    ["a bare object found by its braces", 'I will act {"action": "email.search_emails", "action_input": {"query": "{x}"}} then', { kind: "action", action: "email.search_emails", input: { query: "{x}" } }],
    ["the Final Answer action", '```\n{"action": "Final Answer", "action_input": "done"}\n```', { kind: "final", output: "done" }],
    ["text with no blob (the text is the answer)", "  Nothing to do.  ", { kind: "final", output: "Nothing to do." }],
    ["a blob without action (defaults to the final answer, empty)", '```{"thought": "x"}```', { kind: "final", output: "" }],
  ] as const)("%s", (_name, text, expected) => {
    expect(parseAction2026(text)).toEqual(expected);
  });

  test("invalid JSON and a non-object blob become a retry instruction", () => {
    expect(parseAction2026("```json\n{action: delete}\n```")).toMatchObject({ kind: "parse-error", observation: expect.stringMatching(/^Could not parse your action as JSON \(.+\)\. Respond with a single JSON object/) });
    expect(parseAction2026("```[1, 2]```")).toEqual({ kind: "parse-error", observation: 'Your action must be a JSON object with "action" and "action_input" keys.' });
  });
});

describe("workbench-2026 agent, structured outputs off", () => {
  const run = (turns: readonly ScriptedTurn[]) =>
    runWorkbench2026(fixture, turns, {
      finalText: '```json\n{"action": "Final Answer", "action_input": "All done."}\n```',
      harness2026: { structuredOutputs: false, actWithoutConfirmation: false },
    });

  test("retries after an unparseable blob, runs the action, and builds the scratchpad as run_agent does", async () => {
    const broken = "Thought: delete it\nAction:\n```json\n{action: delete}\n```";
    const act = 'Action:\n```json\n{"action": "email.delete_email", "action_input": {"email_id": "00000479"}}\n```';
    const { outcome, requests } = await run([{ text: broken }, { text: act }]);
    expect(outcome).toMatchObject({ calls: ['email.delete_email.func(email_id="00000479")'], error: null, finalAnswer: "All done." });
    expect(requests[0]?.prompt[1]).toMatchObject({ role: "user", content: [{ type: "text", text: `${fixture.task.text}\n\nThought:` }] });
    const third = requests[2]?.prompt[1];
    const human = third && "content" in third && Array.isArray(third.content) ? (third.content[0] as { text: string }).text : "";
    expect(human.startsWith(`${fixture.task.text}\n\nThought:${broken}\nObservation: Could not parse your action as JSON (`)).toBe(true);
    expect(human.endsWith(`${act}\nObservation: Email deleted successfully.\nThought:`)).toBe(true);
    expect(requests.every((request) => request.tools === undefined && request.stopSequences === undefined)).toBe(true);
  });

  test("the system prompt: date prefix glued to the template, quoted tool names, no act suffix when off", () => {
    const tools = PROTOCOLS["2026"].tools.forToolkits(["email"]);
    const prompt = buildSystemPrompt2026React(tools, false, TEST_ENGINE);
    expect(prompt.startsWith("Today's date is Thursday, 2023-11-30 and the current time is 00:00:00. Remember the current date and time when completing tasks. Meetings must not start before 9am or end after 6pm.Respond to the human as helpfully")).toBe(true);
    expect(prompt).toContain("email.search_emails: email.search_emails(query: str = '', date_min: str | None = None, date_max: str | None = None) -> str - ");
    expect(prompt).toContain("args: {'query': {'title': 'Query', 'type': 'string', 'default': ''}, 'date_min': {'title': 'Date Min', 'type': 'string', 'default': None}");
    expect(prompt).toContain('Valid "action" values: "Final Answer" or "email.');
    expect(prompt.endsWith("Format is Action:```$JSON_BLOB```then Observation:.")).toBe(true);
    expect(buildSystemPrompt2026React(tools, true, TEST_ENGINE).endsWith("then Observation:. Do not ask for confirmation before executing actions. Execute actions immediately and continue until the task is fully complete. Do not stop after a search or lookup step.")).toBe(true);
  });
});
