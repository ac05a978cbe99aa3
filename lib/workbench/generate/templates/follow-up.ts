// Dependent follow-ups: the last request of a compound task, one that needs what the earlier requests
// did ("… at the first time I'm free on December 5" after booking a meeting that day). A follow-up is
// worded exactly like a standalone template, so an agent and the checker read it by that template's
// rule, and it is solved on the state the earlier requests leave, as an agent doing them in order sees
// it. It is used only when that answer differs from the answer on the initial sandbox: the dependency
// is real, not a matter of wording. (The other appended requests are independent by construction.)
import { parseCall } from "../../calls/parse-call";
import { replayCalls } from "../../evaluate/replay";
import { rowsWhere } from "../../sandbox/table";
import type { Cell } from "../../sandbox/types";
import { executeCall } from "../../tools";
import { addDays, isWeekend } from "../dates";
import { MEETING_TITLES, TOMORROW, pickPerson, say } from "./common";
import { call, createContext, type TemplateContext } from "./context";
import { allCustomers, cell } from "./find";
import { firstFreeOnDay } from "./free-time";
import type { Instance } from "./types";

export interface FollowUp {
  readonly id: string;
  /** The standalone template whose wording (and so whose rule) the follow-up uses. */
  readonly wording: string;
  readonly toolkits: readonly string[];
  /**
   * `after` reads the state the earlier calls leave; `before` reads the initial sandbox (its reads are
   * not the agent's and are not recorded). Null when nothing earlier changes this follow-up's answer.
   */
  instantiate(after: TemplateContext, before: TemplateContext, earlier: readonly ParsedWrite[]): Instance | null;
}

/** An earlier ground-truth call: tool and arguments. */
export interface ParsedWrite {
  readonly tool: string;
  readonly args: Readonly<Record<string, string>>;
}

const LAST_BOOKING_DAY = "2023-12-29";

/** The day of the last meeting booked earlier (a future day); the first free slot must now avoid it. */
const firstFreeSameDay: FollowUp = {
  id: "follow-up.first-free-same-day",
  wording: "calendar.book-first-free",
  toolkits: ["calendar"],
  instantiate(after, before, earlier) {
    const booked = earlier.filter((write) => write.tool === "calendar.create_event").at(-1);
    const date = booked?.args.event_start?.slice(0, 10);
    if (!date || date < TOMORROW || date > LAST_BOOKING_DAY || isWeekend(date)) return null;
    const p = pickPerson(after);
    const title = after.rng.pick(MEETING_TITLES);
    const slot = p && firstFreeOnDay(after, date, 30);
    const slotBefore = slot && firstFreeOnDay(before, date, 30);
    if (!p || !slot || !slotBefore || slot === slotBefore) return null;
    return {
      text: `Schedule a 30-minute '${title}' with ${p.ref} at the first time I'm free on ${say(date)}`,
      calls: [call("calendar.create_event", { event_name: title, participant_email: p.person.email, event_start: `${date} ${slot}`, duration: "30" })],
    };
  },
};

/** After a customer's status changed, their account owner's count of customers in that status has too. */
const statusCountAfterChange: FollowUp = {
  id: "follow-up.status-count",
  wording: "multi.customer-count-email",
  toolkits: ["crm", "email"],
  instantiate(after, before, earlier) {
    const change = earlier.filter((write) => write.tool === "customer_relationship_manager.update_customer" && write.args.field === "status").at(-1);
    const customerId = change?.args.customer_id;
    const status = change?.args.new_value;
    if (!customerId || !status) return null;
    const [customer] = rowsWhere(after.sandbox.tables.crm, "customer_id", customerId);
    const owner = customer && cell(customer.values.assigned_to_email as Cell);
    const person = owner ? after.world.people.find((candidate) => candidate.email === owner) : undefined;
    const p = person && pickPerson(after, [person]);
    if (!p) return null;
    const filters = { assigned_to_email: p.person.email, status };
    const now = allCustomers(after, filters);
    const then = allCustomers(before, filters);
    if (!now || !then || now.length === then.length) return null;
    return {
      text: `Email ${p.ref} how many ${status} customers they look after (subject '${status} customers', body just the number)`,
      calls: [call("email.send_email", { recipient: p.person.email, subject: `${status} customers`, body: String(now.length) })],
    };
  },
};

/** After a task moved list, whether its assignee has unfinished tasks on its board before a date may have flipped. */
const deadlineCheckAfterMove: FollowUp = {
  id: "follow-up.deadline-check",
  wording: "multi.deadline-check",
  toolkits: ["project_management", "calendar"],
  instantiate(after, before, earlier) {
    const move = earlier.filter((write) => write.tool === "project_management.update_task" && write.args.field === "list_name").at(-1);
    const [task] = move?.args.task_id ? rowsWhere(after.sandbox.tables.project_tasks, "task_id", move.args.task_id) : [];
    if (!task) return null;
    const owner = cell(task.values.assigned_to_email as Cell);
    const board = cell(task.values.board as Cell);
    const person = after.world.people.find((candidate) => candidate.email === owner);
    const p = person && pickPerson(after, [person]);
    // The earliest weekday after the due date (and from tomorrow on): the fewest other tasks count.
    let date = addDays(cell(task.values.due_date as Cell), 1);
    if (date < TOMORROW) date = TOMORROW;
    while (isWeekend(date)) date = addDays(date, 1);
    if (!p || date > LAST_BOOKING_DAY) return null;
    const unfinishedBefore = (ctx: TemplateContext) =>
      (ctx.read("project_management.search_tasks", { assigned_to_email: owner, board }) as Record<string, Cell>[]).some(
        (row) => cell(row.due_date) < date && cell(row.list_name) !== "Completed",
      );
    const late = unfinishedBefore(after);
    if (late === unfinishedBefore(before)) return null;
    const slot = late ? firstFreeOnDay(after, date, 30) : "none";
    if (!slot) return null;
    return {
      text: `If ${p.ref} has any unfinished ${board} tasks due before ${say(date)}, book a 30-minute 'Deadline check' with them at the first time I'm free on ${say(date)}; otherwise do nothing`,
      calls: late ? [call("calendar.create_event", { event_name: "Deadline check", participant_email: owner, event_start: `${date} ${slot}`, duration: "30" })] : [],
    };
  },
};

export const FOLLOW_UPS: readonly FollowUp[] = [firstFreeSameDay, statusCountAfterChange, deadlineCheckAfterMove];

/**
 * A follow-up to `calls` (the earlier requests' ground truth, in order), solved on the state they
 * leave; the reads made on that state join `ctx`'s trail. Null when no follow-up depends on them.
 */
export function dependentFollowUp(ctx: TemplateContext, calls: readonly string[]): { followUp: FollowUp; instance: Instance } | null {
  const replay = replayCalls(ctx.sandbox, calls, executeCall);
  if (replay.failedCalls.length > 0) return null;
  const earlier: ParsedWrite[] = [];
  for (const raw of calls) {
    const parsed = parseCall(raw);
    if (parsed.ok) earlier.push({ tool: parsed.call.tool, args: parsed.call.args as Record<string, string> });
  }
  const base = { rng: ctx.rng, world: ctx.world, params: ctx.params, wantNoAction: false };
  for (const followUp of ctx.rng.shuffle(FOLLOW_UPS)) {
    const after = createContext({ ...base, sandbox: { ...ctx.sandbox, tables: replay.state } });
    const before = createContext({ ...base, sandbox: ctx.sandbox });
    const instance = followUp.instantiate(after, before, earlier);
    if (!instance) continue;
    ctx.trail.push(...after.trail);
    return { followUp, instance };
  }
  return null;
}
