// What the engine is told of the configuration, since it reads no environment itself: the data folder
// where workbench-2026 finds upstream's tool sources (their docstrings are its tool descriptions).
// Imported for this effect by the modules that build prompts or run agents (prompt-hash, run-context).
import { env } from "@/lib/env";
import { dataDirFrom } from "@/lib/workbench/agents/workbench-2026/docstrings";

dataDirFrom(() => env().WORKBENCH_DATA_DIR);
