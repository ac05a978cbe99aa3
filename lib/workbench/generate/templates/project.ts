// Project management templates. search_tasks has no result limit, but task names repeat across boards
// (near-duplicates such as "Fix login page" / "Fix login page for mobile"), so tasks are named with
// their board or assignee and rejected when still not unique.
import { addDays } from "../dates";
import { BOARDS, LISTS } from "../world/types";
import { TASK_OBJECTS, TASK_VERBS } from "../world/vocabulary";
import { pickPerson, say } from "./common";
import { call, type TemplateContext } from "./context";
import { cell, personByEmail, tasksNamed } from "./find";
import { pickTask, teamMembers } from "./pick";
import type { Template } from "./types";
import { fieldUpdate, reassignTemplate, setFieldTemplate } from "./field-change";

const P = "project_management";
const SEARCH = "project_management.search_tasks";
const UPDATE = "project_management.update_task";
const LOOKUP = "company_directory.find_email_address";

const update = fieldUpdate(UPDATE, "task_id");

/**
 * Every task of one person in one list of a board, as search_tasks returns them (no result limit), for
 * a request that changes them all; null when there are more than such a request should carry.
 */
function bulkTasks(ctx: TemplateContext, email: string, list: string, board: string): Record<string, string>[] | null {
  const rows = ctx.read(SEARCH, { assigned_to_email: email, list_name: list, board }) as Record<string, string>[];
  return rows.length > ctx.params.chainLength + 1 ? null : rows;
}

export const PROJECT_TEMPLATES: Template[] = [
  setFieldTemplate(
    {
      id: "project.move-to-list", domain: P, toolkits: ["project_management"], writes: ["project_tasks"],
      text: "Move '{task}' on the {board} board to {list}",
      tools: [SEARCH, UPDATE],
      ambiguity: "Name + board identify one task; the target list differs from the current one.",
    },
    {
      pick: (ctx) => pickTask(ctx),
      draw: (ctx) => ctx.rng.pick(LISTS),
      current: (row) => row.list_name,
      instance: (row, list) => ({ text: `Move '${row.task_name}' on the ${row.board} board to ${list}`, calls: [update(row.task_id as string, "list_name", list)] }),
    },
  ),
  reassignTemplate(
    { id: "project.reassign", domain: P, toolkits: ["project_management"], writes: ["project_tasks"], tools: [LOOKUP, SEARCH, UPDATE],
      text: "Give the {board} task '{task}' to {name}", ambiguity: "Name + board identify one task; the new assignee is a current team member and not the old one." },
    { pick: (ctx) => pickTask(ctx), pool: (ctx) => teamMembers(ctx), owner: (row) => row.assigned_to_email as string,
      instance: (row, p) => ({ text: `Give the ${row.board} task '${row.task_name}' to ${p.ref}`, calls: [update(row.task_id as string, "assigned_to_email", p.person.email)] }), },
  ),
  {
    id: "project.create", domain: P, toolkits: ["project_management"], writes: ["project_tasks"],
    text: "Add a task '{task}' for {name} to the {list} list of the {board} board, due {date}",
    tools: [LOOKUP, "project_management.create_task"],
    ambiguity: "Every field is given; the assignee is a current team member (create_task's rule).",
    instantiate(ctx) {
      const p = pickPerson(ctx, teamMembers(ctx));
      if (!p) return null;
      const name = `${ctx.rng.pick(TASK_VERBS)} ${ctx.rng.pick(TASK_OBJECTS)} for the ${ctx.rng.pick(["pilot", "spring release", "new office", "partner portal"])}`;
      const board = ctx.rng.pick(BOARDS);
      const list = ctx.rng.pick(LISTS);
      const due = addDays("2023-12-01", ctx.rng.int(0, 40));
      return {
        text: `Add a task '${name}' for ${p.ref} to the ${list} list of the ${board} board, due ${say(due)}`,
        calls: [call("project_management.create_task", { task_name: name, assigned_to_email: p.person.email, list_name: list, due_date: due, board })],
      };
    },
  },
  {
    id: "project.delete", domain: P, toolkits: ["project_management"], writes: ["project_tasks"],
    text: "Delete {name}'s task '{task}'",
    tools: [LOOKUP, SEARCH, "project_management.delete_task"],
    ambiguity: "Name + assignee identify one task.",
    instantiate(ctx) {
      const row = ctx.rng.pick(ctx.world.projectTasks);
      const owner = personByEmail(ctx, row.assigned_to_email as string);
      const p = owner && pickPerson(ctx, [owner]);
      const same = tasksNamed(ctx, row.task_name as string, { assigned_to_email: row.assigned_to_email as string });
      if (!p || same.length !== 1) return null;
      return { text: `Delete ${p.ref}'s task '${row.task_name}'`, calls: [call("project_management.delete_task", { task_id: row.task_id as string })] };
    },
  },
  {
    id: "project.extend-deadline", domain: P, toolkits: ["project_management"], writes: ["project_tasks"],
    text: "Push the deadline of '{task}' on the {board} board back by {n} days",
    tools: [SEARCH, UPDATE],
    ambiguity: "Name + board identify one task; the new date is computed from its current due date.",
    instantiate(ctx) {
      const row = pickTask(ctx);
      const n = ctx.rng.pick([2, 3, 7, 14]);
      if (!row) return null;
      return { text: `Push the deadline of '${row.task_name}' on the ${row.board} board back by ${n} days`, calls: [update(row.task_id as string, "due_date", addDays(row.due_date as string, n))] };
    },
  },
  {
    id: "project.finish-reviews", domain: P, toolkits: ["project_management"], writes: ["project_tasks"], mayNeedNoAction: true,
    text: "Move all of {name}'s In Review tasks on the {board} board to Completed",
    tools: [LOOKUP, SEARCH, UPDATE],
    ambiguity: "A filter, not a choice: every matching task moves (none means no action).",
    instantiate(ctx) {
      const p = pickPerson(ctx, teamMembers(ctx));
      const board = ctx.rng.pick(BOARDS);
      if (!p) return null;
      const rows = bulkTasks(ctx, p.person.email, "In Review", board);
      if (!rows) return null;
      return { text: `Move all of ${p.ref}'s In Review tasks on the ${board} board to Completed`, calls: rows.map((row) => update(cell(row.task_id), "list_name", "Completed")) };
    },
  },
  {
    id: "project.start-if-backlog", domain: P, toolkits: ["project_management"], writes: ["project_tasks"], conditional: true, mayNeedNoAction: true,
    text: "If '{task}' on the {board} board is still in the Backlog, move it to In Progress; otherwise leave it alone",
    tools: [SEARCH, "project_management.get_task_information_by_id", UPDATE],
    ambiguity: "Name + board identify one task; the branch depends on its list only.",
    instantiate(ctx) {
      const row = pickTask(ctx, (r) => (r.list_name === "Backlog") !== ctx.wantNoAction);
      if (!row) return null;
      ctx.read("project_management.get_task_information_by_id", { task_id: row.task_id as string, field: "list_name" });
      return { text: `If '${row.task_name}' on the ${row.board} board is still in the Backlog, move it to In Progress; otherwise leave it alone`, calls: row.list_name === "Backlog" ? [update(row.task_id as string, "list_name", "In Progress")] : [] };
    },
  },
  {
    id: "project.how-many-in-progress", domain: P, toolkits: ["project_management"], writes: [], mayNeedNoAction: true,
    text: "How many tasks does {name} have in progress?",
    tools: [LOOKUP, SEARCH],
    ambiguity: "A question: the correct outcome is an unchanged sandbox.",
    instantiate(ctx) {
      const p = pickPerson(ctx, teamMembers(ctx));
      if (!p) return null;
      ctx.read(SEARCH, { assigned_to_email: p.person.email, list_name: "In Progress" });
      return { text: `How many tasks does ${p.ref} have in progress?`, calls: [] };
    },
  },
  {
    id: "project.handover", domain: P, toolkits: ["project_management"], writes: ["project_tasks"], mayNeedNoAction: true,
    text: "{name} is off next week: hand their In Progress tasks on the {board} board to {other}",
    tools: [LOOKUP, SEARCH, UPDATE],
    ambiguity: "Every matching task moves to the one named colleague (none means no action).",
    instantiate(ctx) {
      const from = pickPerson(ctx, teamMembers(ctx));
      const to = from && pickPerson(ctx, teamMembers(ctx), [from.person.email]);
      const board = ctx.rng.pick(BOARDS);
      if (!from || !to) return null;
      const rows = bulkTasks(ctx, from.person.email, "In Progress", board);
      if (!rows) return null;
      return { text: `${from.ref} is off next week: hand their In Progress tasks on the ${board} board to ${to.ref}`, calls: rows.map((row) => update(cell(row.task_id), "assigned_to_email", to.person.email)) };
    },
  },
];
