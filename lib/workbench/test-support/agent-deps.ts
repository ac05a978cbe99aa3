// What tests hand an agent where a run hands its own resolved settings (RunSettings, lib/env): the
// tests' data folder, the paper's step limit, the published runs' 2026 harness flags.
import type { AgentDeps, AgentStep, EngineSettings, Harness2026Options } from "../agents/types";
import { Trace } from "../agents/trace";
import { toolsForTask } from "../agents/tool-call";
import { PROTOCOLS } from "../protocols/definitions";
import { createSandbox } from "../sandbox/sandbox";
import { fixtureSandboxData } from "./fixture-sandbox";
import { TIME_LIMIT_MS_2026 } from "../agents/workbench-2026/defaults";
import { testDataDir } from "./data-dir";

export const TEST_ENGINE: EngineSettings = { dataDir: testDataDir() };

export const TEST_MAX_STEPS = 20;

export const TEST_TEMPERATURE = 0;

export function testHarness2026(overrides: Partial<Harness2026Options> = {}): Harness2026Options {
  return { structuredOutputs: true, actWithoutConfirmation: true, toolSelection: "all", timeLimitMs: TIME_LIMIT_MS_2026, ...overrides };
}

/**
 * An agent's deps over the fixture sandbox with the email tools of the 2024 protocol (and the company
 * directory), the steps it records, and a fresh trace: what the tool-call pipeline's tests drive.
 */
export function fixtureEmailDeps(overrides: Partial<AgentDeps> = {}) {
  const steps: AgentStep[] = [];
  const protocol = PROTOCOLS["2024"];
  const deps: AgentDeps = {
    sandbox: createSandbox(fixtureSandboxData()),
    tools: toolsForTask(protocol.tools, "domains", { toolkits: ["email"] }),
    sink: { record: async (step: AgentStep) => void steps.push(step) },
    engine: TEST_ENGINE,
    signal: new AbortController().signal,
    protocol,
    ...overrides,
  };
  return { deps, trace: new Trace(deps.sink), steps };
}

