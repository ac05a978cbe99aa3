import { describe, expect, test } from "vitest";
import { parseReactReply } from "./react-parser";

const fence = "```";

describe("parseReactReply (LangChain StructuredChatOutputParser semantics)", () => {
  test.each([
    [
      "an action in a json fence",
      `Thought: look it up\nAction:\n${fence}json\n{"action": "email.delete_email", "action_input": {"email_id": "00000479"}}\n${fence}\n`,
      { kind: "action", tool: "email.delete_email", input: { email_id: "00000479" } },
    ],
    [
      "an action in a bare fence",
      `Action:\n${fence}\n{"action": "calendar.search_events", "action_input": {"query": "Nadia"}}\n${fence}`,
      { kind: "action", tool: "calendar.search_events", input: { query: "Nadia" } },
    ],
    ["a missing action_input defaults to {}", `${fence}\n{"action": "x.y"}\n${fence}`, { kind: "action", tool: "x.y", input: {} }],
    [
      "a list of actions keeps the first",
      `${fence}\n[{"action": "a.b", "action_input": {}}, {"action": "c.d", "action_input": {}}]\n${fence}`,
      { kind: "action", tool: "a.b", input: {} },
    ],
    [
      "raw newlines inside strings (json.loads strict=False)",
      `${fence}json\n{"action": "email.send_email", "action_input": {"body": "line 1\nline 2"}}\n${fence}`,
      { kind: "action", tool: "email.send_email", input: { body: "line 1\nline 2" } },
    ],
    ["the final answer", `${fence}\n{"action": "Final Answer", "action_input": "Done."}\n${fence}`, { kind: "final", answer: "Done." }],
    ["no blob at all: no action", "I deleted the email.", { kind: "no-action", text: "I deleted the email." }],
  ])("%s", (_name, text, expected) => {
    expect(parseReactReply(text)).toEqual(expected);
  });

  test.each([
    ["Python None in the blob", `Action:\n${fence}json\n{"action": "a.b", "action_input": {"x": None}}\n${fence}`],
    ["a blob without an action key", `${fence}\n{"tool": "a.b"}\n${fence}`],
    ["an unterminated object", `${fence}\n{"action": "a.b", \n${fence}`],
  ])("%s is an output parsing error with the v1 wording", (_name, text) => {
    const reply = parseReactReply(text);
    expect(reply.kind).toBe("invalid");
    expect(reply.kind === "invalid" && reply.message).toBe(
      "An output parsing error occurred. In order to pass this error back to the agent and have it try again, pass " +
        "`handle_parsing_errors=True` to the AgentExecutor. This is the error: Could not parse LLM output: " +
        text,
    );
  });
});
