// The same task worded another way. Every official task was written from one of its template's phrasings
// (`chosen_template` beside `base_template`); filling the template's other phrasings with the same slot
// values gives new wordings of the same task, with the same ground truth. Phrasings are named per task:
// `original` is the wording it was written in, `alt-1` and `alt-2` its template's other two, in the order
// the official file first uses them.
import type { Task } from "../types";
import { renderTemplate, slotAssignments, slotNames, type SlotValues } from "./template-slots";
import { WRITTEN_HERE_PHRASINGS } from "./written-here";

import { PHRASINGS, type Phrasing } from "./names";

export { PHRASINGS, isPhrasing, type Phrasing } from "./names";

/** Where a wording comes from: a phrasing tasks were written in, the template's base text, or written here. */
export type WordingSource = "workbench" | "base-template" | "written-here";

export interface Wording {
  readonly template: string;
  readonly source: WordingSource;
}

/** A task in one phrasing: the source task's key, domain, ground truth and answer, with the new text. */
export interface PhrasedTask extends Task {
  readonly phrasing: Phrasing;
  readonly wordingSource: WordingSource;
}

/** A task that has no wording in the phrasing asked for, and why. */
export interface UnphrasedTask {
  readonly key: string;
  readonly reason: string;
}

/**
 * Each base template's wordings: the phrasings its tasks were written in, in order of first use; then its
 * base text when no task used it; then a wording written here while fewer than three are known.
 */
export function templateWordings(tasks: readonly Task[]): Map<string, Wording[]> {
  const wordings = new Map<string, Wording[]>();
  for (const task of tasks) {
    const list = wordings.get(task.baseTemplate) ?? [];
    if (!list.some((wording) => wording.template === task.chosenTemplate)) list.push({ template: task.chosenTemplate, source: "workbench" });
    wordings.set(task.baseTemplate, list);
  }
  for (const [base, list] of wordings) {
    if (list.length < PHRASINGS.length && !list.some((wording) => wording.template === base)) list.push({ template: base, source: "base-template" });
    const written = WRITTEN_HERE_PHRASINGS[base];
    if (list.length < PHRASINGS.length && written) list.push({ template: written, source: "written-here" });
  }
  return wordings;
}

/**
 * The slot values of each task, recovered by matching its text against its own phrasing. Where a text
 * parses more than one way (adjacent slots over multi-word values: "{metric} {more_or_less}" on "total
 * visits more"), the parse is chosen whose values the same slot names take in texts that parse one way
 * only; a tie stays unresolved (never guessed).
 */
export function recoverSlotValues(tasks: readonly Task[]): Map<string, SlotValues | { readonly error: string }> {
  const parses = new Map(tasks.map((task) => [task.key, slotAssignments(task.chosenTemplate, task.text)] as const));
  const seen = new Map<string, Set<string>>();
  for (const found of parses.values()) {
    if (found.length !== 1) continue;
    for (const [slot, value] of Object.entries(found[0] as SlotValues)) {
      const values = seen.get(slot) ?? new Set<string>();
      values.add(value);
      seen.set(slot, values);
    }
  }
  const known = (values: SlotValues) => Object.entries(values).filter(([slot, value]) => seen.get(slot)?.has(value)).length;
  const recovered = new Map<string, SlotValues | { readonly error: string }>();
  for (const task of tasks) {
    const found = parses.get(task.key) ?? [];
    if (found.length === 0) {
      recovered.set(task.key, { error: `its text does not match its phrasing "${task.chosenTemplate}"` });
      continue;
    }
    const best = Math.max(...found.map(known));
    const chosen = found.filter((values) => known(values) === best);
    recovered.set(task.key, chosen.length === 1 ? (chosen[0] as SlotValues) : { error: `its text parses ${chosen.length} ways against its phrasing` });
  }
  return recovered;
}

/**
 * The tasks in one phrasing. `wordings` is the table to word them from (an official version's own, or
 * v1's for v2026, whose tasks keep v1's templates where their texts were not revised); a task whose
 * template has no such wording, or whose text does not parse, is listed with the reason instead.
 */
export function phraseTasks(
  tasks: readonly Task[],
  phrasing: Phrasing,
  wordings: ReadonlyMap<string, readonly Wording[]> = templateWordings(tasks),
): { readonly tasks: PhrasedTask[]; readonly unphrased: UnphrasedTask[] } {
  const unphrased: UnphrasedTask[] = [];
  // Each task's own wording in the table: its chosen template, or (a later version that revised its
  // template columns but not its text) the table's wording its text matches.
  const matches = (wording: Wording, text: string) => slotAssignments(wording.template, text, 1).length > 0;
  const placed: { readonly task: Task; readonly own: Wording; readonly list: readonly Wording[] }[] = [];
  for (const task of tasks) {
    const list = wordings.get(task.baseTemplate) ?? [...wordings.values()].find((candidates) => candidates.some((wording) => matches(wording, task.text))) ?? [];
    const own = list.find((wording) => wording.template === task.chosenTemplate) ?? list.find((wording) => matches(wording, task.text));
    if (own) placed.push({ task, own, list });
    else unphrased.push({ key: task.key, reason: `its text matches none of its template's known wordings (its phrasing: "${task.chosenTemplate}")` });
  }
  const recovered = recoverSlotValues(placed.map(({ task, own }) => ({ ...task, chosenTemplate: own.template })));
  const phrased: PhrasedTask[] = [];
  for (const { task, own, list } of placed) {
    if (phrasing === "original") {
      phrased.push({ ...task, phrasing, wordingSource: own.source });
      continue;
    }
    const wording = list.filter((candidate) => candidate !== own)[phrasing === "alt-1" ? 0 : 1];
    const values = recovered.get(task.key);
    if (!wording) unphrased.push({ key: task.key, reason: `its template has no ${phrasing} wording` });
    else if (!values || "error" in values) unphrased.push({ key: task.key, reason: values && "error" in values ? values.error : "no slot values" });
    else {
      const missing = slotNames(wording.template).filter((slot) => values[slot] === undefined);
      if (missing.length > 0) unphrased.push({ key: task.key, reason: `the ${phrasing} wording needs ${missing.map((slot) => `{${slot}}`).join(", ")}, which its text does not give` });
      else phrased.push({ ...task, text: renderTemplate(wording.template, values), chosenTemplate: wording.template, phrasing, wordingSource: wording.source });
    }
  }
  return { tasks: phrased, unphrased };
}
