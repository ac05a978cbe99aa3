// Picking the customer, project task or colleague a task is about, found through the tools so the
// pick is reachable, and rejected (null) when the name does not single it out.
import type { Cell } from "../../sandbox/types";
import type { Person } from "../world/types";
import type { TemplateContext } from "./context";
import { customerByName, tasksNamed } from "./find";

type Rec = Record<string, Cell>;
type Where = (row: Record<string, string>) => boolean;

/** A customer by full name (unique among search results), or null. */
export function pickCustomer(ctx: TemplateContext, where: Where = () => true): Rec | null {
  const pool = ctx.world.crm.filter(where);
  return pool.length ? customerByName(ctx, ctx.rng.pick(pool).customer_name as string) : null;
}

/** A project task that its name and board identify uniquely, as search_tasks returns it, or null. */
export function pickTask(ctx: TemplateContext, where: Where = () => true): Rec | null {
  const pool = ctx.world.projectTasks.filter(where);
  if (!pool.length) return null;
  const row = ctx.rng.pick(pool);
  const same = tasksNamed(ctx, row.task_name as string, { board: row.board as string });
  return same.length === 1 ? (same[0] as Rec) : null;
}

/** People with project tasks (create_task and update_task accept only existing assignees). */
export function teamMembers(ctx: TemplateContext): Person[] {
  const assignees = new Set(ctx.world.projectTasks.map((row) => row.assigned_to_email));
  return ctx.world.people.filter((person) => assignees.has(person.email));
}

export const salesPeople = (ctx: TemplateContext): Person[] => ctx.world.people.filter((person) => person.team === "sales");

const memos = new WeakMap<object, Map<string, unknown>>();

/** A value derived from the world once per generation (candidate pools that every attempt would rebuild). */
export function perWorld<T>(ctx: TemplateContext, key: string, compute: () => T): T {
  let byKey = memos.get(ctx.world);
  if (!byKey) memos.set(ctx.world, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, compute());
  return byKey.get(key) as T;
}

/**
 * "Progress on <task>" emails (optionally inbox only) whose task name no other project task shares:
 * the pool of emails a task can name by its task (picked from the world; the answer is still read
 * through the tools, and rejected when they do not single it out).
 */
export function progressMails(ctx: TemplateContext, inboxOnly: boolean, uniqueTask = true): Rec[] {
  return perWorld(ctx, `progress-mails-${inboxOnly}-${uniqueTask}`, () => {
    const uses = new Map<string, number>();
    for (const row of ctx.world.projectTasks) uses.set(row.task_name as string, (uses.get(row.task_name as string) ?? 0) + 1);
    return ctx.world.email.filter((row) => {
      const subject = row.subject as string;
      return subject.startsWith("Progress on ") && (!uniqueTask || uses.get(subject.slice("Progress on ".length)) === 1) && (!inboxOnly || row["inbox/outbox"] === "inbox");
    });
  });
}

/** Colleagues with a meeting from now on (at scale most have none in the few future weeks). */
export function peopleMeetingSoon(ctx: TemplateContext): Person[] {
  return perWorld(ctx, "people-meeting-soon", () => {
    const soon = new Set(ctx.world.calendar.filter((row) => (row.event_start as string) >= "2023-11-30").map((row) => row.participant_email));
    return ctx.world.people.filter((person) => soon.has(person.email));
  });
}
