-- The model's tool-call arguments as it sent them, JSON types kept, beside the call string and `args`
-- (the call's string arguments): a model that sent {"time_min": 12345} is exported with the number, not
-- "12345" (lib/workbench/agents/tool-arguments.ts). Nullable and additive: existing steps read their `args`.
ALTER TABLE "Step" ADD COLUMN "arguments" JSONB;
