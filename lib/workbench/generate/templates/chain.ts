// The chain-length knob: one task made of several independent requests to different toolkits, in
// order. Parts write different tables, so no part changes what another part must find.
import type { ScoredTableName } from "../../sandbox/types";
import type { TemplateContext } from "./context";
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
      const text = `Please do these in order: ${instances.map((instance, index) => `(${index + 1}) ${lowerFirst(instance.text)}`).join("; ")}`;
      return { text, calls: instances.flatMap((instance) => instance.calls) };
    },
  };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
