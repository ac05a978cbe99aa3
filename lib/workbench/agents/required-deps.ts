// The dependencies an agent cannot run without, checked where it reads them: the engine keeps no
// defaults for run settings or configuration (RunSettings and lib/env own those), so a caller that
// forgets one fails loudly here instead of running on a value nobody chose.
import { CodedError } from "../core/errors";
import type { AgentDeps, EngineSettings, Harness2026Options } from "./types";

/** A dependency the agent needs was not handed in (code "missing_dep"): a bug of the caller. */
export class MissingAgentDepError extends CodedError<"missing_dep"> {
  constructor(what: string) {
    super("missing_dep", `The agent was run without ${what}`);
    this.name = "MissingAgentDepError";
  }
}

/** The engine's settings; every agent kind checks them first (createAgent), whether it reads them or not. */
export function engineSettingsOf(deps: AgentDeps): EngineSettings {
  const engine: Partial<EngineSettings> | undefined = deps.engine;
  if (typeof engine?.dataDir !== "string" || engine.dataDir === "") throw new MissingAgentDepError("the engine's settings (deps.engine.dataDir)");
  return deps.engine;
}

/** The run's step limit (RunSettings.maxSteps). */
export function stepLimitOf(deps: AgentDeps): number {
  if (deps.maxSteps === undefined) throw new MissingAgentDepError("its step limit (deps.maxSteps)");
  return deps.maxSteps;
}

/** The run's temperature, where no resolved request parameters were handed in (RunSettings.temperature). */
export function temperatureOf(deps: AgentDeps): number {
  if (deps.temperature === undefined) throw new MissingAgentDepError("its temperature (deps.temperature, or deps.requestParams)");
  return deps.temperature;
}

/** The 2026 harness flags the run resolved (RunSettings.harness2026). */
export function harness2026Of(deps: AgentDeps): Harness2026Options {
  if (!deps.harness2026) throw new MissingAgentDepError("the 2026 harness settings (deps.harness2026)");
  return deps.harness2026;
}
