// What the engine is told of the configuration, since it reads no environment itself: handed to every
// agent run (AgentDeps.engine, through RunContext) and to the prompt fingerprint, never set globally, so
// an entry point cannot forget it and silently run on a default folder.
import { env } from "@/lib/env";
import type { EngineSettings } from "@/lib/workbench/agents/types";
import { resolveDataDir } from "@/lib/workbench/datasets";

/** The data folder (WORKBENCH_DATA_DIR, default ../shared/workbench): workbench-2026's tool sources. */
export function engineSettings(): EngineSettings {
  return { dataDir: resolveDataDir(env().WORKBENCH_DATA_DIR) };
}
