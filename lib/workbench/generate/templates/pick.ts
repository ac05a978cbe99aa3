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
