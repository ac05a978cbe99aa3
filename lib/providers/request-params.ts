// What a run's model requests carry: resolved in the engine (lib/workbench/agents/request-params.ts, its
// model turn sends it); re-exported here for launch and the worker, which record and read it back.
export * from "@/lib/workbench/agents/request-params";
