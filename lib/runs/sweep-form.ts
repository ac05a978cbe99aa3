// The sweep form's fields → a sweep request and the settings its runs share, with every invalid field
// reported at once (next to its input). Agents come one per line as `agent` or `agent@endpoint/model`.
import { z } from "zod";
import { RUN_AGENT_KINDS } from "../settings/launch-options";
import { faultSharesFromForm, launchFieldsSchema, type LaunchRunRequest } from "./launch-input";
import { runSettingsSchema } from "../settings/run-settings";
import { parseVariant, sweepRequestSchema, type SweepRequest } from "./sweep";
import { plainFormErrorMap } from "./plain-form-errors";

/** The fields every run of the sweep shares: the launch form's own rules (launch-input.ts, run-settings.ts). */
const sharedSchema = launchFieldsSchema
  .pick({ dataset: true, toolSet: true, domains: true })
  .extend({
    limit: z.coerce.number().int().min(1, "At least 1 task").max(100_000).optional(),
    ...runSettingsSchema.pick({ trials: true, concurrency: true, faultSeed: true, faultShares: true }).shape,
  });

export type ParsedSweepForm =
  | { readonly ok: true; readonly sweep: SweepRequest; readonly base: Omit<LaunchRunRequest, "agent"> }
  | { readonly ok: false; readonly fieldErrors: Record<string, string[]> };

function text(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

export function parseSweepForm(form: FormData): ParsedSweepForm {
  const fieldErrors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (fieldErrors[field] ??= []).push(message);

  const variants = (text(form, "agents") ?? "").split("\n").map((line) => line.trim()).filter(Boolean).flatMap((line) => {
    try {
      const variant = parseVariant(line);
      if (!(RUN_AGENT_KINDS as readonly string[]).includes(variant.agent) || variant.agent === "replay" || variant.agent === "external") {
        add("agents", `"${line}": not an agent a sweep can run`);
        return [];
      }
      return [variant];
    } catch (error) {
      add("agents", error instanceof Error ? error.message : String(error));
      return [];
    }
  });
  const rates = (text(form, "faultRates") ?? "").split(/[\s,]+/).filter(Boolean);
  const faultRates = rates.map(Number);
  if (rates.some((rate, index) => !Number.isFinite(faultRates[index]) || rate === "")) add("faultRates", "Fault rates are numbers, e.g. 0, 0.1, 0.2");

  // The checkbox "Include a clean run" is sent as "1" when ticked; a form without it (older clients) keeps the default.
  const clean = form.has("cleanShown") ? form.get("clean") === "1" : undefined;
  // The phrasings' checkboxes, sent with "phrasingsShown": none ticked is an error; a form without them keeps the default.
  const phrasings = form.has("phrasingsShown") ? form.getAll("phrasings").filter((value): value is string => typeof value === "string") : undefined;
  const sweep = sweepRequestSchema.safeParse({ name: text(form, "name"), variants, faultRates, clean, phrasings }, { error: plainFormErrorMap(sweepRequestSchema.in.shape) });
  if (!sweep.success) for (const issue of sweep.error.issues) add(String(issue.path[0] ?? "agents") === "variants" ? "agents" : String(issue.path[0] ?? "agents"), issue.message);

  const domains = form.getAll("domains").flatMap((value) => (typeof value === "string" && value ? value.split(",") : []));
  const shared = sharedSchema.safeParse({
    dataset: text(form, "dataset"), toolSet: text(form, "toolSet"), domains, limit: text(form, "limit"),
    trials: text(form, "trials"), concurrency: text(form, "concurrency"), faultSeed: text(form, "faultSeed"), faultShares: faultSharesFromForm(form),
  }, { error: plainFormErrorMap(sharedSchema.shape) });
  if (!shared.success) for (const issue of shared.error.issues) add(String(issue.path[0] ?? "dataset"), issue.message);

  if (Object.keys(fieldErrors).length > 0 || !sweep.success || !shared.success) return { ok: false, fieldErrors };
  return { ok: true, sweep: { name: sweep.data.name, variants: sweep.data.variants, faultRates: sweep.data.faultRates, clean, phrasings: sweep.data.phrasings }, base: { ...shared.data, sample: "stratified" } };
}
