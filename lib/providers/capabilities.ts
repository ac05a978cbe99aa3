// Which request parameters each model family takes: the table lives in the engine (its model turn asks
// it what to send); re-exported here for the launch form, the CLI and the worker.
export * from "@/lib/workbench/agents/model-capabilities";
