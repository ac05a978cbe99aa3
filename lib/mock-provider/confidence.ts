// The mock's answer to the confidence turn (lib/workbench/agents/confidence.ts): whatever the behaviour,
// a request whose last message is the confidence question is answered from a fixed script keyed by the
// task's number, so a test knows every confidence in advance. The replies are worded differently on
// purpose (a bare number, a labelled one, a percentage, one with no number) to exercise the reading.
import type { Task } from "../workbench/datasets/types";
import { CONFIDENCE_QUESTION } from "../workbench/agents/confidence-reply";
import { messageText } from "./conversation";
import type { ChatRequest } from "./types";

/**
 * Task number n (the digits ending its key: "email/007" is 7) gets reply n mod 6. Read by
 * parseConfidence: 0.9, 0.75, 0.4, 1, 0.2, and none (null) for the last.
 */
export const MOCK_CONFIDENCE_REPLIES = ["0.9", "Confidence: 0.75", "40%", "I am 100% sure.", "0.2", "I cannot tell."] as const;

/** A request about no known task. */
export const MOCK_CONFIDENCE_UNKNOWN_TASK = "0.5";

/** Whether this request is the confidence turn: its last message is the question, from the user. */
export function isConfidenceQuestion(request: ChatRequest): boolean {
  const last = request.messages.at(-1);
  return last?.role === "user" && messageText(last) === CONFIDENCE_QUESTION;
}

export function mockConfidenceReply(task: Task | undefined): string {
  const number = task ? Number(/(\d+)$/.exec(task.key)?.[1] ?? Number.NaN) : Number.NaN;
  if (!Number.isInteger(number)) return MOCK_CONFIDENCE_UNKNOWN_TASK;
  return MOCK_CONFIDENCE_REPLIES[number % MOCK_CONFIDENCE_REPLIES.length] ?? MOCK_CONFIDENCE_UNKNOWN_TASK;
}
