import { describe, expect, test } from "vitest";
import { ALL_TOOLS, getTool } from "../tools";
import { buildReactHumanMessage, buildReactSystemPrompt, describeTool } from "./react-prompt";

describe("the paper's ReAct prompt", () => {
  const prompt = buildReactSystemPrompt(ALL_TOOLS);

  test("starts with the date preamble followed by LangChain's prefix", () => {
    expect(prompt.startsWith(
      "Today's date is Thursday, 2023-11-30 and the current time is 00:00:00. Remember the current date and time when answering queries. Meetings must not start before 9am or end after 6pm. Respond to the human as helpfully and accurately as possible. You have access to the following tools:\n\n",
    )).toBe(true);
  });

  test("lists every tool with its signature and args, and every name as a valid action", () => {
    for (const tool of ALL_TOOLS) expect(prompt).toContain(`\n${tool.name}: ${tool.name}(`);
    expect(prompt).toContain(`Valid "action" values: "Final Answer" or ${ALL_TOOLS.map((tool) => tool.name).join(", ")}\n`);
    expect(prompt.endsWith("Format is Action:```$JSON_BLOB```then Observation:.\nThought:")).toBe(true);
  });

  test.each([
    ["email.search_emails", "email.search_emails(query='', date_min=None, date_max=None) - ", "args: {'query': {'title': 'Query', 'default': ''}, 'date_min': {'title': 'Date Min'}, 'date_max': {'title': 'Date Max'}}"],
    ["calendar.delete_event", "calendar.delete_event(event_id=None) - ", "args: {'event_id': {'title': 'Event Id'}}"],
  ])("%s is described as LangChain renders a tool", (name, signature, args) => {
    const tool = getTool(name);
    if (!tool) throw new Error(`missing ${name}`);
    const line = describeTool(tool);
    expect(line.startsWith(`${name}: ${signature}`)).toBe(true);
    expect(line.endsWith(args)).toBe(true);
  });

  test("the human message carries the scratchpad as LangChain builds it", () => {
    expect(buildReactHumanMessage("Do X", [])).toBe("Do X\n\n");
    expect(buildReactHumanMessage("Do X", [{ log: "Thought: a\nAction: b", observation: "ok" }])).toBe(
      "Do X\n\nThis was your previous work (but I haven't seen any of it! I only see what you return as final answer):\nThought: a\nAction: b\nObservation: ok\nThought:",
    );
  });
});
