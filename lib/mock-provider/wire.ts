// Chat Completions responses on the wire: a completion object, its streaming (SSE) form, and errors.
import type { MockReply } from "./types";

export interface Usage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
}

/** Rough token count (4 characters per token), enough for usage figures and context limits. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

export function usageFor(promptText: string, reply: MockReply): Usage {
  const completionText = reply.kind === "text" ? reply.text : reply.text + reply.calls.map((c) => c.name + c.arguments).join("");
  const prompt_tokens = estimateTokens(promptText);
  const completion_tokens = estimateTokens(completionText);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

/** Applies the request's stop sequences the way a real server does (the text ends before the first one). */
export function applyStop(text: string, stop: string | readonly string[] | undefined): string {
  const sequences = typeof stop === "string" ? [stop] : (stop ?? []);
  let end = text.length;
  for (const sequence of sequences) {
    const index = text.indexOf(sequence);
    if (sequence && index >= 0) end = Math.min(end, index);
  }
  return text.slice(0, end);
}

interface WireMessage {
  readonly role: "assistant";
  readonly content: string | null;
  readonly tool_calls?: readonly { id: string; type: "function"; function: { name: string; arguments: string } }[];
}

function messageOf(reply: MockReply, idPrefix: string): WireMessage {
  if (reply.kind === "text") return { role: "assistant", content: reply.text };
  const tool_calls = reply.calls.map((call, index) => ({
    id: `${idPrefix}_${index}`,
    type: "function" as const,
    function: { name: call.name, arguments: call.arguments },
  }));
  return { role: "assistant", content: reply.text || null, tool_calls };
}

function finishReasonOf(reply: MockReply): string {
  return reply.kind === "tool-calls" ? "tool_calls" : "stop";
}

export function completionBody(id: string, model: string, reply: MockReply, usage: Usage) {
  return {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: messageOf(reply, id), finish_reason: finishReasonOf(reply) }],
    usage,
  };
}

/** The same answer as server-sent events: one delta with everything, then finish + usage, then [DONE]. */
export function streamEvents(id: string, model: string, reply: MockReply, usage: Usage): string {
  const created = Math.floor(Date.now() / 1000);
  const base = { id, object: "chat.completion.chunk", created, model };
  const message = messageOf(reply, id);
  const delta = message.tool_calls
    ? { ...message, tool_calls: message.tool_calls.map((call, index) => ({ index, ...call })) }
    : message;
  const chunks = [
    { ...base, choices: [{ index: 0, delta, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: finishReasonOf(reply) }], usage },
  ];
  return chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join("") + "data: [DONE]\n\n";
}

export function errorBody(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

export function contextWindowError(promptTokens: number, limit: number) {
  return errorBody(
    `This model's maximum context length is ${limit} tokens. However, your messages resulted in ${promptTokens} tokens. Please reduce the length of the messages.`,
    "invalid_request_error",
    "context_length_exceeded",
  );
}
