// Reading samples of an Inspect log not written by Studio: a WorkBench task solved in Inspect with the
// tools under their sanitized names (email_search_emails), calls read from the chat messages when the
// log has no events; another benchmark's tool refuses the log, naming the sample.
import { describe, expect, test } from "vitest";
import { getProtocol } from "@/lib/workbench/protocols";
import { InspectSampleSchema, readInspectSample } from "./read-samples";

const protocol = getProtocol("2024");
const sample = (messages: unknown[], extra: Record<string, unknown> = {}) =>
  InspectSampleSchema.parse({ id: 7, epoch: 2, input: [{ role: "user", content: "Delete my last email from nadia" }], messages, output: { completion: "Done." }, ...extra });

describe("readInspectSample", () => {
  test("calls and model turns from the messages, sanitized tool names resolved, the output as the final answer", () => {
    const row = readInspectSample(
      sample([
        { role: "user", content: "Delete my last email from nadia" },
        { role: "assistant", content: "Searching.", tool_calls: [{ id: "a", function: "email_search_emails", arguments: { query: "nadia" } }] },
        { role: "tool", content: "[...]", tool_call_id: "a" },
        { role: "assistant", content: [{ type: "text", text: "Deleting." }], tool_calls: [{ id: "b", function: "email.delete_email", arguments: { email_id: "00000479" } }] },
        { role: "tool", content: "Email deleted successfully.", tool_call_id: "b" },
        { role: "assistant", content: "Done." },
      ]),
      protocol,
    );
    expect(row).toMatchObject({
      label: "sample 7 (epoch 2)", text: "Delete my last email from nadia", trial: 1, finalOutput: "Done.", error: "",
      calls: ['email.search_emails.func(query="nadia")', 'email.delete_email.func(email_id="00000479")'],
      finalTurn: { log: "Done." },
    });
    expect(row.steps.map((step) => [step.tool, step.log, step.turn])).toEqual([["email.search_emails", "Searching.", true], ["email.delete_email", "Deleting.", true]]);
  });

  test("a tool WorkBench does not have refuses the log, naming the sample", () => {
    const foreign = sample([{ role: "assistant", content: "", tool_calls: [{ id: "x", function: "bash", arguments: { cmd: "ls" } }] }]);
    expect(() => readInspectSample(foreign, protocol)).toThrow('sample 7 (epoch 2): tool "bash" is not a WorkBench tool');
  });
});
