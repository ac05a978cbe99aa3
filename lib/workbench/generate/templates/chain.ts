// The chain-length knob: one task made of several requests, in order. The chain template's parts are
// independent (they write different tables, so no part changes what another must find); a compound
// task's last request may depend on the earlier ones (appendRequests).
import type { ScoredTableName } from "../../sandbox/types";
import type { TemplateContext } from "./context";
import { dependentFollowUp } from "./follow-up";
import type { Instance, Template } from "./types";

export function chainTemplate(parts: readonly Template[]): Template {
  const tools = [...new Set(parts.flatMap((part) => part.tools))];
  return {
    id: "multi.chain",
    domain: "multi_domain",
    toolkits: ["email", "calendar", "analytics", "project_management", "crm"],
    writes: [...new Set(parts.flatMap((part) => part.writes))],
    text: "Please do these in order: (1) {request 1}; (2) {request 2}; … (chain length from the knob, at least 2)",
    tools,
    ambiguity: "Each part is an unambiguous single-table template; parts write different tables.",
    instantiate(ctx: TemplateContext): Instance | null {
      const length = Math.min(Math.max(2, ctx.params.chainLength), parts.length);
      const chosen: Template[] = [];
      const used = new Set<ScoredTableName>();
      for (const part of ctx.rng.shuffle(parts)) {
        if (chosen.length === length) break;
        if (part.writes.some((table) => used.has(table))) continue;
        chosen.push(part);
        part.writes.forEach((table) => used.add(table));
      }
      const instances: Instance[] = [];
      for (const part of chosen) {
        const instance = part.instantiate(ctx);
        if (!instance || instance.calls.length === 0) return null;
        instances.push(instance);
      }
      return { text: inOrder(instances.map((instance) => instance.text)), calls: instances.flatMap((instance) => instance.calls) };
    },
  };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** "Please do these in order: (1) …; (2) …" — the one wording of every multi-request task. */
export const inOrder = (texts: readonly string[]) => `Please do these in order: ${texts.map((text, index) => `(${index + 1}) ${lowerFirst(text)}`).join("; ")}`;

/** A request appended to a template's own: an independent template, or a dependent follow-up. */
export interface AppendedRequest {
  readonly id: string;
  readonly toolkits: readonly string[];
}

/**
 * Appends `extras` requests to an instance. All but the last are independent: each part writes tables
 * that neither the instance nor another part writes, and reads only what it writes (or the directory),
 * so its answer is the same whatever was done before it. The last is a dependent follow-up when one
 * applies to what came before (templates/follow-up.ts), else one more independent part. Null when not
 * enough parts fit.
 */
export function appendRequests(ctx: TemplateContext, main: Instance, writes: readonly ScoredTableName[], parts: readonly Template[], extras: number): { instance: Instance; appended: AppendedRequest[] } | null {
  const used = new Set<ScoredTableName>(writes);
  const appended: AppendedRequest[] = [];
  const instances: Instance[] = [main];
  const independent = (wanted: number) => {
    for (const part of ctx.rng.shuffle(parts)) {
      if (appended.length === wanted) break;
      if (part.writes.some((table) => used.has(table))) continue;
      const instance = part.instantiate(ctx);
      if (!instance || instance.calls.length === 0) continue;
      appended.push(part);
      instances.push(instance);
      part.writes.forEach((table) => used.add(table));
    }
  };
  independent(extras - 1);
  const followUp = appended.length === extras - 1 ? dependentFollowUp(ctx, instances.flatMap((instance) => instance.calls)) : null;
  if (followUp) {
    appended.push(followUp.followUp);
    instances.push(followUp.instance);
  } else {
    independent(extras);
  }
  if (appended.length < extras) return null;
  return { instance: { text: inOrder(instances.map((instance) => instance.text)), calls: instances.flatMap((instance) => instance.calls) }, appended };
}
