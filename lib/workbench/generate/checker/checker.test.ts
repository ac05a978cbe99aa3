// The independent ground-truth checker over seeds 1–5 × scales 1 and 10 × both presets: it must agree
// with every generated task, and it must be able to disagree (a wrong answer planted in a task is found).
import { describe, expect, test } from "vitest";
import { formatCall } from "../../calls/format-call";
import { parseCall } from "../../calls/parse-call";
import { generateDataset, TEMPLATES } from "../index";
import { FOLLOW_UPS } from "../templates/follow-up";
import { CHECKER_RULES, checkedTemplateIds, checkTasks, recomputeParts, type CheckedTask } from "./index";

const checked = (generated: ReturnType<typeof generateDataset>): CheckedTask[] =>
  generated.tasks.map((task) => ({ templateId: task.template.id, text: task.text, calls: task.calls }));

test("the checker has a rule for every template", () => {
  const covered = checkedTemplateIds();
  expect(TEMPLATES.map((template) => template.id).filter((id) => !covered.has(id))).toEqual([]);
});

const CASES = [1, 2, 3, 4, 5].flatMap((seed) => [1, 10].flatMap((scale) => (["default", "hard"] as const).map((preset) => [seed, scale, preset] as const)));

describe.each(CASES)("seed %i at %i× (%s)", (seed, scale, preset) => {
  test("the checker recomputes every task's ground truth and agrees", { timeout: 120_000 }, () => {
    const generated = generateDataset({ seed, scale, preset });
    const disagreements = checkTasks(generated.sandbox, checked(generated));
    expect(disagreements.slice(0, 5)).toEqual([]);
    expect(generated.tasks.length).toBeGreaterThan(700);
  });
});

// Small workplaces and other knobs: days with few visits (a short average session) and people with
// several emails about similarly named tasks showed up here first.
const SMALL_CASES = [6, 8, 10].flatMap((seed) => [
  [seed, { seed, scale: 0.5, preset: "default" }],
  [seed, { seed, scale: 0.5, preset: "hard" }],
  [seed, { seed, scale: 0.1, preset: "hard", tasksPerTemplate: 20 }],
  [seed, { seed, scale: 1, preset: "hard", chainLength: 6, distractors: 1 }],
] as const);

describe.each(SMALL_CASES)("seed %i, other sizes and knobs: %o", (_seed, params) => {
  test("the checker agrees", { timeout: 120_000 }, () => {
    const generated = generateDataset(params);
    expect(checkTasks(generated.sandbox, checked(generated)).slice(0, 5)).toEqual([]);
  });
});

// The follow-up tests below share their two datasets (hard, 1×) instead of generating each again.
const hardAt1x = new Map<number, ReturnType<typeof generateDataset>>();
const hardDataset = (seed: number) => hardAt1x.get(seed) ?? hardAt1x.set(seed, generateDataset({ seed, scale: 1, preset: "hard" })).get(seed)!;

describe.each([1, 2])("hard preset, seed %i: dependent follow-ups", (seed) => {
  test("each follow-up's answer, recomputed by its rule, differs when solved apart from the requests before it", { timeout: 120_000 }, () => {
    const generated = hardDataset(seed);
    const followUps = generated.tasks.filter((task) => task.appended.some((id) => id.startsWith("follow-up.")));
    // A real share of the preset (about a third), no kind crowding out the others.
    expect(followUps.length).toBeGreaterThan(generated.tasks.length / 5);
    const kinds = followUps.map((task) => task.appended.at(-1)!);
    for (const kind of new Set(kinds)) expect(kinds.filter((id) => id === kind).length, kind).toBeLessThan(followUps.length / 2);
    for (const task of followUps) {
      const checkedTask = { templateId: task.template.id, text: task.text, calls: task.calls };
      const inOrder = recomputeParts(generated.sandbox, checkedTask);
      const apart = recomputeParts(generated.sandbox, checkedTask, { inOrder: false });
      if (typeof inOrder === "string" || typeof apart === "string") throw new Error(`${task.text}: ${String(inOrder)} / ${String(apart)}`);
      expect(apart.at(-1), task.text).not.toEqual(inOrder.at(-1));
      expect(apart.slice(0, -1), task.text).toEqual(inOrder.slice(0, -1));
      // The last request reads as the standalone template the follow-up borrows its wording from.
      const followUp = FOLLOW_UPS.find((candidate) => task.appended.at(-1) === candidate.id)!;
      const last = task.text.split(/; \(\d+\) /).at(-1)!;
      const rule = CHECKER_RULES.find((candidate) => candidate.id === followUp.wording)!;
      expect(rule.pattern.test(last.charAt(0).toUpperCase() + last.slice(1)), `${followUp.wording}: ${last}`).toBe(true);
    }
  });
});

test("every kind of follow-up is made at seed 1 or 2 (hard, 1×)", { timeout: 120_000 }, () => {
  const made = new Set([1, 2].flatMap((seed) => hardDataset(seed).tasks.flatMap((task) => task.appended.filter((id) => id.startsWith("follow-up.")))));
  expect(made).toEqual(new Set(FOLLOW_UPS.map((followUp) => followUp.id)));
});

describe("the checker can disagree", () => {
  const generated = generateDataset({ seed: 3, scale: 10, preset: "default" });
  const tasks = checked(generated);

  test("a first-free booking moved onto a meeting of that day is caught", () => {
    const startOf = (task: CheckedTask) => {
      const parsed = parseCall(task.calls[0] ?? "");
      return parsed.ok ? (parsed.call.args.event_start ?? "") : "";
    };
    const busyAt = (task: CheckedTask) => generated.world.calendar.find((row) => (row.event_start as string).slice(0, 10) === startOf(task).slice(0, 10));
    const booking = tasks.find((task) => task.templateId === "calendar.book-first-free" && busyAt(task));
    expect(booking).toBeDefined();
    const wrong = { ...booking!, calls: [booking!.calls[0]!.replace(startOf(booking!), busyAt(booking!)!.event_start as string)] };
    expect(checkTasks(generated.sandbox, [wrong])).toHaveLength(1);
    expect(checkTasks(generated.sandbox, [booking!])).toHaveLength(0);
  });

  test("a deletion of another meeting, or a no-action answer to an action task, is caught", () => {
    const cancel = tasks.find((task) => task.templateId === "calendar.cancel-next-with")!;
    const parsed = parseCall(cancel.calls[0]!);
    if (!parsed.ok) throw new Error("unparseable");
    const other = generated.world.calendar.find((row) => row.event_id !== parsed.call.args.event_id)!;
    const wrongId = { ...cancel, calls: [formatCall("calendar.delete_event", { event_id: other.event_id as string })] };
    expect(checkTasks(generated.sandbox, [wrongId, { ...cancel, calls: [] }])).toHaveLength(2);
  });

  test("a text that no longer says what the template means is reported, not skipped", () => {
    const any = tasks[0]!;
    expect(checkTasks(generated.sandbox, [{ ...any, text: `${any.text} and more` }])[0]?.expected).toMatch(/does not read as/);
  });
});
