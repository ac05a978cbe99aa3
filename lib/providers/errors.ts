// Provider failures: the classification lives in the engine (lib/workbench/agents/provider-errors.ts, whose
// agents classify what a model call threw); here the server tells it which key values to redact.
import { secretNamed } from "@/lib/env";
import { redactSecretValuesFrom } from "@/lib/workbench/agents/provider-errors";

export * from "@/lib/workbench/agents/provider-errors";

const KEY_VARIABLES = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_COMPATIBLE_API_KEY", "GEMINI_API_KEY"] as const;

redactSecretValuesFrom(() => KEY_VARIABLES.map((variable) => secretNamed(variable)));
