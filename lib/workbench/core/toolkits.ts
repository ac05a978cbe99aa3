// The six toolkits of WorkBench, the modules of upstream's src/tools: tasks name them (their `domains`
// column, datasets/toolkits.ts reads its aliases), calls go through them (the original evaluator's
// namespace, calls/parse-call.ts), every tool belongs to one, and the 2026 harness reads each one's
// source file (agents/workbench-2026/docstrings.ts). The engine's lowest layer, so all of them share it.

export const TOOLKITS = [
  "email",
  "calendar",
  "analytics",
  "project_management",
  "customer_relationship_manager",
  "company_directory",
] as const;

export type Toolkit = (typeof TOOLKITS)[number];

export function isToolkit(name: string): name is Toolkit {
  return (TOOLKITS as readonly string[]).includes(name);
}
