import { describe, expect, test } from "vitest";
import { buildReactHumanMessage, buildReactSystemPrompt } from "@/lib/workbench/agents/react-prompt";
import { TOOLS_2024 } from "@/lib/workbench/tools";
import { estimateRecordedUsage, finalCallText, type RecordedConversation } from "./estimate-recorded-usage";
import { priceUsd, recordedModelPrice } from "./recorded-model-prices";
import { loadTokenizer } from "./tokenizers";

const gpt4 = recordedModelPrice("gpt-4");
if (!gpt4) throw new Error("gpt-4 must be priced");

const steps = [
  {
    log: 'Action:\n```\n{\n  "action": "email.search_emails",\n  "action_input": {\n    "query": "nadia"\n  }\n}\n```\n',
    observation: "[{'email_id': '00000479', 'sender/recipient': 'nadia.moreau@atlas.com', 'subject': 'Update on Health & Wellness Expo'}]",
  },
  { log: 'Action:\n```\n{\n  "action": "email.delete_email",\n  "action_input": {\n    "email_id": "00000479"\n  }\n}\n```', observation: "Email deleted successfully." },
];
const answered: RecordedConversation = {
  taskText: "Delete my last email from nadia", tools: TOOLS_2024.forToolkits(["email"]), steps,
  finalOutput: "The last email from Nadia has been successfully deleted.",
};

describe("estimateRecordedUsage", () => {
  test("matches the prompts rendered in full, call by call, within a few tokens per call", async () => {
    // Independent recomputation: every call's whole prompt rendered by the product's ReAct builder and counted
    // as one string, plus OpenAI's documented chat overhead (3 per message + 1 role, 3 priming = 11).
    const counter = await loadTokenizer("cl100k_base");
    const system = buildReactSystemPrompt(answered.tools);
    const calls = [0, 1, 2].map((done) => buildReactHumanMessage(answered.taskText, steps.slice(0, done)));
    const expectedInput = calls.reduce((sum, human) => sum + counter.count(system) + counter.count(human) + 11, 0);
    const final = finalCallText(answered) ?? "";
    const expectedOutput = counter.count(steps[0]!.log) + counter.count(steps[1]!.log) + counter.count(final);

    const estimate = await estimateRecordedUsage(gpt4, [answered]);
    expect(estimate.modelCalls).toBe(3);
    expect(Math.abs(estimate.inputTokens - expectedInput)).toBeLessThanOrEqual(3 * 3);
    expect(estimate.outputTokens).toBe(expectedOutput);
    // The system prompt (tools and format) is re-sent on each of the three calls.
    expect(estimate.inputTokens).toBeGreaterThan(3 * counter.count(system));
    expect(estimate.costUsd).toBeCloseTo((estimate.inputTokens * 10 + estimate.outputTokens * 30) / 1e6, 12);
  });

  test("all tools cost more prompt than the task's toolkits", async () => {
    const domains = await estimateRecordedUsage(gpt4, [answered]);
    const all = await estimateRecordedUsage(gpt4, [{ ...answered, tools: TOOLS_2024.all }]);
    expect(all.inputTokens).toBeGreaterThan(domains.inputTokens);
    expect(all.outputTokens).toBe(domains.outputTokens);
  });

  test("the step limit ends without a final call; an unrecorded trace counts nothing and is reported", async () => {
    const stopped = await estimateRecordedUsage(gpt4, [{ ...answered, finalOutput: "Agent stopped due to iteration limit or time limit." }]);
    expect(stopped.modelCalls).toBe(2);
    const untraced = await estimateRecordedUsage(gpt4, [{ ...answered, steps: null, finalOutput: null }, answered]);
    expect(untraced.untracedTasks).toBe(1);
    expect(untraced.modelCalls).toBe(3);
    expect(untraced.priceAsOf).toBe("2024-03");
  });
});

describe("finalCallText", () => {
  test.each([
    ["Done.", `Action:\n\`\`\`\n{\n  "action": "Final Answer",\n  "action_input": "Done."\n}\n\`\`\``],
    ['{\n  "action": "email.search_emails"\n}', '{\n  "action": "email.search_emails"\n}'],
    ["Agent stopped due to iteration limit or time limit.", null],
    [null, null],
  ] as const)("%j", (finalOutput, expected) => {
    expect(finalCallText({ finalOutput })).toBe(expected);
  });
});

test("every recorded model of the paper has a dated price", () => {
  for (const model of ["gpt-4", "gpt-3.5", "claude-2", "llama2-70b", "mistral-8x7B"]) {
    const price = recordedModelPrice(model);
    expect(price?.priceAsOf).toMatch(/^2024-\d\d$/);
    expect(priceUsd(price!, 1_000_000, 0)).toBe(price!.inputPerMillion);
  }
});
