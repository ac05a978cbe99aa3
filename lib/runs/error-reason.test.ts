import { describe, expect, test } from "vitest";
import { CONTEXT_WINDOW_MESSAGE, ITERATION_LIMIT_MESSAGE } from "@/lib/workbench/core/v1-error-wording";
import { parsingErrorMessage } from "@/lib/workbench/agents/react-parser";
import { errorReason, REASON_MAX_CHARS } from "./error-reason";

// Error texts as the paper's recorded results hold them (v1/data/results/*/*.csv, column `error`) and
// as Studio's own runs write them.
const PROVIDER_504 = "Error code: 504 - {'generated_text': None, 'tool_calls': None, 'embedding_outputs': None, 'logprobs': None, 'num_input_tokens': None}";
const TRACEBACK = 'Traceback (most recent call last):\n  File "tools.py", line 12, in search\n    return df[df.x < value]\nKeyError: \'event_id\'';

describe("errorReason", () => {
  test.each([
    [CONTEXT_WINDOW_MESSAGE, CONTEXT_WINDOW_MESSAGE, false],
    [ITERATION_LIMIT_MESSAGE, ITERATION_LIMIT_MESSAGE, false],
    ["'<' not supported between instances of 'str' and 'Timestamp'", "A Python exception in the original harness ended the task", true],
    ["'str' object has no attribute 'items'", "A Python exception in the original harness ended the task", true],
    ["unhashable type: 'list'", "A Python exception in the original harness ended the task", true],
    ["operands could not be broadcast together with shapes (200,) (3,) ", "A Python exception in the original harness ended the task", true],
    ["day is out of range for month: 2023-11-31 00:00:00", "A Python exception in the original harness ended the task", true],
    [TRACEBACK, "A Python exception (KeyError) in the original harness ended the task", true],
    [parsingErrorMessage("I will now send the email."), "The model's reply could not be parsed (output parsing error)", true],
    [PROVIDER_504, "The provider answered HTTP 504", true],
    ["Provider error (network): fetch failed", "Provider error (network): fetch failed", false],
  ])("%j → %j", (error, reason, folded) => {
    const answer = errorReason(error);
    expect(answer.reason).toBe(reason);
    // Folded: the whole stored text is kept behind the reason, not a cut of it.
    expect(answer.full).toBe(folded ? error.trim() : null);
  });

  test("a long message of another kind is cut at a word on its first line, the whole text kept", () => {
    const long = `Agent failed: ${"the sandbox refused the request because ".repeat(4)}\nsecond line`;
    const { reason, full } = errorReason(long);
    expect(reason.length).toBeLessThanOrEqual(REASON_MAX_CHARS);
    expect(reason).toMatch(/^Agent failed: the sandbox refused .*…$/);
    expect(reason).not.toContain("\n");
    expect(full).toBe(long.trim());
  });
});
