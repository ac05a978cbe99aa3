import { APICallError } from "ai";
import { describe, expect, test } from "vitest";
import { ProviderError } from "./provider-errors";
import { runErrorFrom, taskSignal } from "./run-errors";

function aborted(reason: unknown): AbortSignal {
  const controller = new AbortController();
  controller.abort(reason);
  return controller.signal;
}

const live = new AbortController().signal;

describe("runErrorFrom", () => {
  test.each([
    ["a TimeoutError abort", aborted(new DOMException("t", "TimeoutError")), { kind: "timeout", message: "Agent stopped due to iteration limit or time limit." }],
    ["an abort carrying the v1 time-limit message", aborted(new Error("Agent stopped due to iteration limit or time limit.")), { kind: "timeout" }],
    ["any other abort", aborted(new Error("user cancelled")), { kind: "cancelled" }],
    ["an abort without a reason object", aborted("stop"), { kind: "cancelled" }],
  ])("%s", (_name, signal, expected) => {
    expect(runErrorFrom(new Error("aborted"), signal)).toMatchObject(expected);
  });

  test.each([
    [new APICallError({ message: "x", url: "u", requestBodyValues: {}, statusCode: 400, responseBody: "maximum context length is 4096 tokens" }), { kind: "context_window", message: "Context window exceeded" }],
    [new ProviderError("rate_limit", "Rate limit reached", { status: 429 }), { kind: "provider", message: "Provider error (rate_limit): Rate limit reached" }],
    [new ProviderError("timeout", "Request timed out after 60000 ms"), { kind: "provider", message: "Provider error (timeout): Request timed out after 60000 ms" }],
  ])("provider failure %#", (error, expected) => {
    expect(runErrorFrom(error, live)).toEqual(expected);
  });

  test("taskSignal fires as a timeout", async () => {
    const signal = taskSignal(10);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runErrorFrom(new Error("aborted"), signal).kind).toBe("timeout");
  });
});
