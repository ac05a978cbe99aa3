// Reads a ReAct reply the way LangChain's StructuredChatOutputParser does:
// - the first ``` blob (optionally ```json) holds {"action", "action_input"}; "Final Answer" ends the run;
// - no blob at all: LangChain returns the text as the final answer, so no action is performed;
// - a blob that is not valid JSON (or lacks "action"): OutputParserException, which ends the run with
//   an error because the paper ran with handle_parsing_errors off.

export type ReactReply =
  | { readonly kind: "action"; readonly tool: string; readonly input: unknown }
  | { readonly kind: "final"; readonly answer: string }
  | { readonly kind: "no-action"; readonly text: string }
  | { readonly kind: "invalid"; readonly message: string };

const BLOB_PATTERN = /```(?:json\s+)?(\W.*?)```/s;

/** The v1 error text of an unparseable blob (LangChain's wording, as in the recorded results). */
export function parsingErrorMessage(text: string): string {
  return (
    "An output parsing error occurred. In order to pass this error back to the agent and have it try again, " +
    "pass `handle_parsing_errors=True` to the AgentExecutor. This is the error: Could not parse LLM output: " +
    text
  );
}

export function parseReactReply(text: string): ReactReply {
  const match = BLOB_PATTERN.exec(text);
  if (!match?.[1]) return { kind: "no-action", text };
  let response: unknown;
  try {
    response = JSON.parse(escapeControlCharsInStrings(match[1].trim()));
  } catch {
    return { kind: "invalid", message: parsingErrorMessage(text) };
  }
  // Models often emit a list of actions; LangChain keeps the first.
  if (Array.isArray(response)) response = response[0];
  if (typeof response !== "object" || response === null || !("action" in response)) {
    return { kind: "invalid", message: parsingErrorMessage(text) };
  }
  const { action, action_input: input = {} } = response as { action: unknown; action_input?: unknown };
  if (action === "Final Answer") {
    return { kind: "final", answer: typeof input === "string" ? input : JSON.stringify(input) };
  }
  return { kind: "action", tool: String(action), input };
}

/** Python's json.loads(strict=False) accepts raw newlines and tabs inside strings; JSON.parse does not. */
function escapeControlCharsInStrings(json: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const char = json.charAt(i);
    if (inString && char === "\\") {
      out += char + json.charAt(i + 1);
      i++;
      continue;
    }
    if (char === '"') inString = !inString;
    if (inString && char < " ") {
      out += `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
      continue;
    }
    out += char;
  }
  return out;
}
