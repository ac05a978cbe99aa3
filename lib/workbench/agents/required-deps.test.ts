// The engine keeps no configuration of its own: every agent run is handed the engine's settings, and
// the agents that loop over a model their run's step limit (and workbench-2026 its harness flags).
// Whatever the caller (worker, CLI, import, a test), a run without them fails instead of falling back.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { createAgent, MissingAgentDepError } from ".";
import { AGENT_KINDS, MODEL_AGENT_KINDS, type AgentDeps, type AgentStep } from "./types";
import { scriptedModel } from "./scripted-model";
import { resolveRequestParams } from "./request-params";
import { toolSourcesDir2026 } from "./workbench-2026/docstrings";
import { PROTOCOLS } from "../protocols";
import { createSandbox } from "../sandbox/sandbox";
import { TEST_ENGINE, TEST_MAX_STEPS, TEST_TEMPERATURE, testHarness2026 } from "../test-support/agent-deps";
import { loadFixture2026, type Fixture2026 } from "../test-support/workbench-2026";

let fixture: Fixture2026;

beforeAll(async () => {
  fixture = await loadFixture2026();
});

/** Everything a run hands an agent, with a model that answers at once. */
function fullDeps(): AgentDeps {
  const steps: AgentStep[] = [];
  return {
    sandbox: createSandbox(fixture.dataset.sandbox),
    tools: PROTOCOLS["2026"].tools.forToolkits(["email"]),
    protocol: PROTOCOLS["2026"],
    sink: { record: async (step) => void steps.push(step) },
    engine: TEST_ENGINE,
    signal: new AbortController().signal,
    model: scriptedModel([], "Done."),
    maxSteps: TEST_MAX_STEPS,
    temperature: TEST_TEMPERATURE,
    harness2026: testHarness2026(),
    recordedCalls: [],
  };
}

/** The deps without one of them, as a caller that forgot it would pass (the type makes `engine` required). */
function without(key: keyof AgentDeps): AgentDeps {
  const { [key]: _left, ...rest } = fullDeps();
  return rest as AgentDeps;
}

describe("an agent run is handed its settings", () => {
  test.each(AGENT_KINDS)("%s runs with them", async (kind) => {
    await expect(createAgent(kind).run(fixture.task, fullDeps())).resolves.toMatchObject({ errorKind: null });
  });

  test.each(AGENT_KINDS)("%s refuses to run without the engine's settings (no default data folder)", async (kind) => {
    const run = createAgent(kind).run(fixture.task, without("engine"));
    await expect(run).rejects.toThrow(MissingAgentDepError);
    await expect(run).rejects.toThrow("without the engine's settings (deps.engine.dataDir)");
  });

  test.each(MODEL_AGENT_KINDS)("%s refuses to run without the run's step limit (no default of its own)", async (kind) => {
    await expect(createAgent(kind).run(fixture.task, without("maxSteps"))).rejects.toThrow("without its step limit (deps.maxSteps)");
  });

  test.each(MODEL_AGENT_KINDS)("%s refuses to ask its model without the run's temperature or request parameters", async (kind) => {
    await expect(createAgent(kind).run(fixture.task, without("temperature"))).rejects.toThrow("without its temperature");
    const requestParams = resolveRequestParams({ model: "scripted", temperature: 0.5 });
    await expect(createAgent(kind).run(fixture.task, { ...without("temperature"), requestParams })).resolves.toMatchObject({ errorKind: null });
  });

  test("workbench-2026 refuses to run without the run's harness flags", async () => {
    await expect(createAgent("workbench-2026").run(fixture.task, without("harness2026"))).rejects.toThrow("without the 2026 harness settings");
  });

  test("workbench-2026 describes its tools from the data folder it is handed, not a default one", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "workbench-engine-"));
    try {
      // A data folder of its own: only the 2026 tool sources, with one docstring edited.
      const tools = path.join(dataDir, "v2026", "src", "tools");
      cpSync(toolSourcesDir2026(TEST_ENGINE.dataDir), tools, { recursive: true });
      const file = path.join(tools, "email.py");
      writeFileSync(file, readFileSync(file, "utf8").replace("Sends an email to the specified recipient.", "Sends a carrier pigeon."));
      const model = scriptedModel([], "Done.");
      await createAgent("workbench-2026").run(fixture.task, { ...fullDeps(), engine: { dataDir }, model });
      const offered = model.doGenerateCalls[0]?.tools ?? [];
      const send = offered.find((tool) => tool.name === "email_send_email");
      expect(send && "description" in send ? send.description : "").toContain("Sends a carrier pigeon.");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
