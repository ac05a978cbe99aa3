// The launch and sweep forms' errors in plain words: a zod issue the schema gave no message of its own
// ("Too big: expected number to be <=0.5") becomes a sentence naming the field and what it accepts
// ("Fault rate must be between 0 and 0.5"). Used as the per-parse error map, so a message the schema
// states itself (a refinement, "At most 120 characters") wins over it.
import { z } from "zod";
import { fieldLabel } from "./form-field-labels";

/** What a number field accepts, read from its schema (JSON Schema: the public view of zod's bounds). */
interface NumberBounds {
  readonly integer: boolean;
  readonly min?: number;
  readonly minExclusive: boolean;
  readonly max?: number;
  readonly maxExclusive: boolean;
}

function numberBounds(schema: z.ZodType | undefined): NumberBounds | null {
  if (!schema) return null;
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (json.type !== "number" && json.type !== "integer") return null;
  const num = (value: unknown) => (typeof value === "number" && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined);
  const exclusiveMin = num(json.exclusiveMinimum);
  const exclusiveMax = num(json.exclusiveMaximum);
  return {
    integer: json.type === "integer",
    min: exclusiveMin ?? num(json.minimum),
    minExclusive: exclusiveMin !== undefined,
    max: exclusiveMax ?? num(json.maximum),
    maxExclusive: exclusiveMax !== undefined,
  };
}

const figure = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 6 });

/** "must be a whole number between 1 and 64", "must be more than 0 and at most 100,000". */
function numberRule(bounds: NumberBounds): string {
  const kind = bounds.integer ? "a whole number" : "a number";
  const { min, max } = bounds;
  if (min !== undefined && max !== undefined) {
    if (!bounds.minExclusive && !bounds.maxExclusive) return `must be ${kind} between ${figure(min)} and ${figure(max)}`;
    return `must be ${kind} ${bounds.minExclusive ? "above" : "of at least"} ${figure(min)} and ${bounds.maxExclusive ? "below" : "at most"} ${figure(max)}`;
  }
  if (min !== undefined) return `must be ${kind} ${bounds.minExclusive ? "above" : "of at least"} ${figure(min)}`;
  if (max !== undefined) return `must be ${kind} ${bounds.maxExclusive ? "below" : "of at most"} ${figure(max)}`;
  return `must be ${kind}`;
}

const listOf = (values: readonly unknown[]) => values.map(String).join(", ");

/**
 * The error map for forms parsed against `shape` (the object schema's fields): a plain sentence per
 * issue, undefined where zod's own words are already plain (zod then uses them).
 */
export function plainFormErrorMap(shape: Readonly<Record<string, z.ZodType>>): z.core.$ZodErrorMap {
  return (issue) => {
    const field = String(issue.path?.[0] ?? "");
    const label = fieldLabel(field);
    const bounds = () => numberBounds(shape[field]);
    switch (issue.code) {
      case "too_small":
      case "too_big": {
        if (issue.origin === "number" || issue.origin === "int") {
          const known = bounds();
          const limit = issue.code === "too_small" ? issue.minimum : issue.maximum;
          return known ? `${label} ${numberRule(known)}` : `${label} must be ${issue.code === "too_small" ? "at least" : "at most"} ${String(limit)}`;
        }
        if (issue.origin === "string") {
          return issue.code === "too_small" && Number(issue.minimum) <= 1 ? `${label} cannot be empty` : `${label} must be ${issue.code === "too_small" ? "at least" : "at most"} ${String(issue.code === "too_small" ? issue.minimum : issue.maximum)} characters`;
        }
        if (issue.origin === "array") return `${label}: choose ${issue.code === "too_small" ? "at least" : "at most"} ${String(issue.code === "too_small" ? issue.minimum : issue.maximum)}`;
        return undefined;
      }
      case "invalid_type": {
        if (issue.input === undefined) return `${label} is required`;
        if (issue.expected === "number" || issue.expected === "int") {
          const known = bounds();
          return known ? `${label} ${numberRule(known)}` : `${label} must be a number`;
        }
        return `${label} must be ${issue.expected === "string" ? "text" : `a ${issue.expected}`}`;
      }
      case "invalid_value":
        return `${label} must be one of: ${listOf(issue.values)}`;
      case "invalid_format":
        if (issue.format === "url") return `${label} must be a web address starting with http:// or https://`;
        if (issue.format === "regex") return `${label} contains characters that are not allowed`;
        return `${label} is not a valid ${issue.format}`;
      case "not_multiple_of":
        return `${label} must be a multiple of ${String(issue.divisor)}`;
      case "unrecognized_keys":
        return `Unknown field${issue.keys.length === 1 ? "" : "s"}: ${issue.keys.join(", ")}`;
      default:
        return undefined;
    }
  };
}
