// The error base and errorMessage() for the app, the CLI and orchestration. Defined in the engine's
// lowest layer (lib/workbench/core/errors.ts) so that the engine, which imports nothing outside itself,
// uses the same one.
export { CodedError, errorMessage } from "@/lib/workbench/core/errors";
