// Validates a log against the EvalLog component schema of Inspect's published OpenAPI document (the
// official reference data in ../shared, read at test time, never copied), with ajv in JSON Schema
// draft 2020-12 mode. The document's `$ref`s point at `#/components/schemas/X`: they are rewritten to
// `#/$defs/X` so the components compile as one schema; the OpenAPI-only `discriminator` keyword is
// left to `oneOf` (each event kind's `event` is a const, so exactly one branch matches).
import fs from "node:fs";
import path from "node:path";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import { resolveDataDir } from "@/lib/workbench/datasets/data-dir";

/** Beside the WorkBench data (../shared/workbench): ../shared/reference. */
export const INSPECT_OPENAPI = path.join(resolveDataDir(process.env.WORKBENCH_DATA_DIR, path.resolve(import.meta.dirname, "../..")), "../reference/inspect_ai/inspect-openapi.json");

let compiled: ValidateFunction | undefined;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function compileEvalLog(): ValidateFunction {
  const document = JSON.parse(fs.readFileSync(INSPECT_OPENAPI, "utf8")) as { components: { schemas: Record<string, unknown> } };
  const defs = JSON.parse(JSON.stringify(document.components.schemas).replaceAll('"#/components/schemas/', '"#/$defs/')) as Record<string, unknown>;
  // ajv knows no formats by itself: date-time is checked here (Inspect writes ISO 8601), duration is not used by logs.
  const ajv = new Ajv2020({ strict: false, allErrors: true, formats: { "date-time": ISO_DATE_TIME, duration: true } });
  return ajv.compile({ $id: "inspect-eval-log", $ref: "#/$defs/EvalLog", $defs: defs });
}

/** The schema errors of `log` as EvalLog (an empty list when it validates). */
export function evalLogErrors(log: unknown): ErrorObject[] {
  compiled ??= compileEvalLog();
  return compiled(JSON.parse(JSON.stringify(log))) ? [] : [...(compiled.errors ?? [])];
}
