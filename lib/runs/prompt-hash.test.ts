import { describe, expect, test } from "vitest";
import { ALL_TOOLS } from "@/lib/workbench/tools";
import { buildReactSystemPrompt } from "@/lib/workbench/agents";
import { promptHashFor } from "./prompt-hash";
import { TEST_ENGINE } from "@/lib/workbench/test-support/agent-deps";

describe("promptHashFor", () => {
  test("model agents get a sha256 of what the model is shown; the two styles differ", () => {
    const react = promptHashFor("react", TEST_ENGINE);
    const tools = promptHashFor("tools", TEST_ENGINE);
    expect(react).toMatch(/^[0-9a-f]{64}$/);
    expect(tools).toMatch(/^[0-9a-f]{64}$/);
    expect(react).not.toBe(tools);
  });

  test("the react hash covers the tool descriptions, not only the template", () => {
    const prompt = buildReactSystemPrompt(ALL_TOOLS);
    for (const tool of ALL_TOOLS) expect(prompt).toContain(tool.description.trim());
  });

  test.each(["oracle", "noop", "replay"] as const)("%s shows no prompt: no hash", (agent) => {
    expect(promptHashFor(agent, TEST_ENGINE)).toBeNull();
  });
});
