// The one place orchestration imports the benchmark engine and the providers from, so the worker,
// the launcher and the importer agree on how a sandbox, a tool set, an agent and a model are built.
export { createSandbox } from "@/lib/workbench/sandbox/sandbox";
export { ALL_TOOLS, toolsForToolkits } from "@/lib/workbench/tools";
export { createEvaluator } from "@/lib/workbench/evaluate";
export { buildReactSystemPrompt, createAgent, TOOLS_SYSTEM_PROMPT } from "@/lib/workbench/agents";
export { loadRecordedResultsDir, loadRecordedResultsFile, parseResultsFileName } from "@/lib/workbench/results";
export { createModelForEndpoint, costOf } from "@/lib/providers";
export { loadDatasetFromDb } from "@/lib/datasets/load-from-db";
