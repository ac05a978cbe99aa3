// What tests hand an agent where a run hands its own resolved settings (RunSettings, lib/env): the
// tests' data folder, the paper's step limit, the published runs' 2026 harness flags.
import type { EngineSettings, Harness2026Options } from "../agents/types";
import { TIME_LIMIT_MS_2026 } from "../agents/workbench-2026/defaults";
import { testDataDir } from "./data-dir";

export const TEST_ENGINE: EngineSettings = { dataDir: testDataDir() };

export const TEST_MAX_STEPS = 20;

export const TEST_TEMPERATURE = 0;

export function testHarness2026(overrides: Partial<Harness2026Options> = {}): Harness2026Options {
  return { structuredOutputs: true, actWithoutConfirmation: true, toolSelection: "all", timeLimitMs: TIME_LIMIT_MS_2026, ...overrides };
}
