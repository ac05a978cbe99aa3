// The mock OpenAI-compatible provider's options and wire shapes (the subset of Chat Completions we use).

export const MOCK_BEHAVIOURS = ["oracle", "noop", "format-errors", "wrong-args", "context-window", "flaky"] as const;
/**
 * How the mock answers. `oracle` follows the task's ground truth; `noop` answers at once;
 * `format-errors` breaks the format once (ReAct: a reply without an Action blob; tools: malformed
 * tool-call JSON, then carries on as the oracle); `wrong-args` calls a real tool with missing and then
 * wrongly typed arguments; `context-window` answers every request with a context-length error;
 * `flaky` is the oracle except on the 2nd, 5th, 8th… conversation about the same task, which it ends at
 * once (noop), so three trials of a task that needs an action score right, wrong, right.
 */
export type MockBehaviour = (typeof MOCK_BEHAVIOURS)[number];

export type FaultKind = "429" | "500" | "timeout";

export interface ChatMessage {
  readonly role: "system" | "user" | "assistant" | "tool";
  readonly content?: string | null | readonly { readonly type: string; readonly text?: string }[];
  readonly tool_calls?: readonly WireToolCall[];
  readonly tool_call_id?: string;
}

export interface WireToolCall {
  readonly id: string;
  readonly type: "function";
  readonly function: { readonly name: string; readonly arguments: string };
}

export interface ChatRequest {
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly unknown[];
  readonly stop?: string | readonly string[];
  readonly stream?: boolean;
}

/** What the mock decided to answer (before it is put on the wire). */
export type MockReply =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "tool-calls"; readonly text: string; readonly calls: readonly { readonly name: string; readonly arguments: string }[] };
