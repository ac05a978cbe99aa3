// WorkBench's task templates: text with {slot} placeholders (`Delete my last email from {name}`). A task's
// query is its chosen template with every slot filled; a slot may stand several times (it then holds the
// same value each time).

export type TemplatePart = { readonly kind: "text"; readonly text: string } | { readonly kind: "slot"; readonly name: string };

export type SlotValues = Readonly<Record<string, string>>;

const SLOT = /\{(\w+)\}/g;

/** The template as literal text and slots, in order. */
export function templateParts(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let at = 0;
  for (const match of template.matchAll(SLOT)) {
    if (match.index > at) parts.push({ kind: "text", text: template.slice(at, match.index) });
    parts.push({ kind: "slot", name: match[1] as string });
    at = match.index + match[0].length;
  }
  if (at < template.length) parts.push({ kind: "text", text: template.slice(at) });
  return parts;
}

/** The slot names of a template, each once, in order of first use. */
export function slotNames(template: string): string[] {
  return [...new Set(templateParts(template).flatMap((part) => (part.kind === "slot" ? [part.name] : [])))];
}

/** The template with every slot filled; a slot without a value is an error (a paraphrase never guesses). */
export function renderTemplate(template: string, values: SlotValues): string {
  return template.replace(SLOT, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for the slot {${name}} of "${template}"`);
    return value;
  });
}

/**
 * Every assignment of non-empty slot values under which `template` renders exactly `text` (at most
 * `limit`). A slot that stands twice must hold the same value both times. Adjacent slots separated by a
 * space can split a multi-word value more than one way ("{metric} {more_or_less}" over "total visits
 * more"): the caller chooses among the assignments.
 */
export function slotAssignments(template: string, text: string, limit = 64): SlotValues[] {
  const parts = templateParts(template);
  const found: SlotValues[] = [];
  const bound: Record<string, string> = {};
  const walk = (part: number, at: number): void => {
    if (found.length >= limit) return;
    const current = parts[part];
    if (!current) {
      if (at === text.length) found.push({ ...bound });
      return;
    }
    if (current.kind === "text") {
      if (text.startsWith(current.text, at)) walk(part + 1, at + current.text.length);
      return;
    }
    const known = bound[current.name];
    if (known !== undefined) {
      if (text.startsWith(known, at)) walk(part + 1, at + known.length);
      return;
    }
    // The next literal, when there is one, bounds where this value can end.
    const next = parts[part + 1];
    for (let end = at + 1; end <= text.length; end += 1) {
      if (next?.kind === "text" && !text.startsWith(next.text, end)) continue;
      bound[current.name] = text.slice(at, end);
      walk(part + 1, end);
      delete bound[current.name];
    }
  };
  walk(0, 0);
  return found;
}
