// Dependent follow-ups: the last request of a compound task, one that needs what the earlier requests
// did ("… at the first time I'm free on December 5" after booking a meeting that day). A follow-up is
// worded exactly like a standalone template, so an agent and the checker read it by that template's
// rule, and it is solved on the state the earlier requests leave, as an agent doing them in order sees
// it. It is used only when that answer differs from the answer on the initial sandbox: the dependency
// is real, not a matter of wording. (The other appended requests are independent by construction.)
import { parseCall } from "../../calls/parse-call";
import { replayCalls } from "../../evaluate/replay";
import { rowsWhere } from "../../sandbox/table";
import { TABLE_KEYS, type Cell, type Row, type SandboxData, type TableName } from "../../sandbox/types";
import { executeCall } from "../../tools";
import { addDays, isWeekend, timeToMinutes } from "../dates";
import { BODIES, MEETING_TITLES, TOMORROW, pickPerson, say } from "./common";
import { latestWith } from "./email";
import { call, createContext, ReadFailedError, type ReadCache, type TemplateContext } from "./context";
import { allCustomers, allEvents, cell, eventsOnDay, personByEmail } from "./find";
import { firstFreeOnDay, isFree } from "./free-time";
import { MEETING_COUNT_MONTHS } from "./multi";
import { perWorld, pickTask } from "./pick";
import type { Instance } from "./types";

export interface FollowUp {
  readonly id: string;
  /** The standalone template whose wording (and so whose rule) the follow-up uses. */
  readonly wording: string;
  readonly toolkits: readonly string[];
  /** The earlier call that could change this follow-up's answer (cheap: no reads), or null. */
  trigger(earlier: readonly ParsedWrite[]): ParsedWrite | null;
  /**
   * `before` reads the initial sandbox (its reads are not the agent's and are not recorded); `after()`
   * reads the state the earlier calls leave (replayed on first use: at 100× a replay copies tables of
   * tens of thousands of rows, so the checks that need no replay come first). Null when the earlier
   * calls do not change this follow-up's answer.
   */
  instantiate(before: TemplateContext, after: () => TemplateContext, trigger: ParsedWrite, earlier: readonly ParsedWrite[]): Instance | null;
}

/** An earlier ground-truth call: tool and arguments. */
export interface ParsedWrite {
  readonly tool: string;
  readonly args: Readonly<Record<string, string>>;
}

const LAST_BOOKING_DAY = "2023-12-29";
/** A future weekday the follow-ups may book on (the generator books through December). */
const bookableDay = (date: string) => date >= TOMORROW && date <= LAST_BOOKING_DAY && !isWeekend(date);
/** The last earlier call of `tool` (with that `field`, for updates) that names `key`, or null. */
const lastWrite = (earlier: readonly ParsedWrite[], tool: string, key: string, field?: string): ParsedWrite | null => {
  const write = earlier.filter((candidate) => candidate.tool === tool && (field === undefined || candidate.args.field === field)).at(-1);
  return write?.args[key] ? write : null;
};

/** The row an earlier write names by the table's key, as it was in the initial sandbox (undefined for a row the earlier requests created). */
function initialRow(before: TemplateContext, table: TableName, write: ParsedWrite): Row | undefined {
  const key = TABLE_KEYS[table] as string;
  return rowsWhere(before.sandbox.tables[table], key, write.args[key] as string)[0];
}

/** "Schedule … at the first time I'm free on {date}" on the state after, when that slot is no longer `slotBefore`. */
function bookFirstFree(ctx: TemplateContext, date: string, slotBefore: string | null): Instance | null {
  const p = pickPerson(ctx);
  const title = ctx.rng.pick(MEETING_TITLES);
  const slot = p && firstFreeOnDay(ctx, date, 30);
  if (!p || !slot || slot === slotBefore) return null;
  return {
    text: `Schedule a 30-minute '${title}' with ${p.ref} at the first time I'm free on ${say(date)}`,
    calls: [call("calendar.create_event", { event_name: title, participant_email: p.person.email, event_start: `${date} ${slot}`, duration: "30" })],
  };
}

/** The day of the last meeting booked earlier (a future weekday): the first free slot may now be taken. */
const firstFreeSameDay: FollowUp = {
  id: "follow-up.first-free-same-day",
  wording: "calendar.book-first-free",
  toolkits: ["calendar"],
  trigger(earlier) {
    const booking = lastWrite(earlier, "calendar.create_event", "event_start");
    const date = booking?.args.event_start?.slice(0, 10);
    return date && bookableDay(date) ? booking : null;
  },
  instantiate(before, after, booking, earlier) {
    const date = (booking.args.event_start as string).slice(0, 10);
    const slotBefore = firstFreeOnDay(before, date, 30);
    if (!slotBefore) return null;
    // Only a booking over that slot takes it (a cancellation could free an earlier one, but bookings are the trigger).
    const bookedThatDay = earlier.filter((write) => write.tool === "calendar.create_event" && write.args.event_start?.startsWith(date)).map((write) => write.args);
    if (isFree(bookedThatDay, timeToMinutes(`${date} ${slotBefore}`), 30)) return null;
    return bookFirstFree(after(), date, slotBefore);
  },
};

/** After a customer's status changed, their account owner's count of customers in that status has too. */
const statusCountAfterChange: FollowUp = {
  id: "follow-up.status-count",
  wording: "multi.customer-count-email",
  toolkits: ["crm", "email"],
  trigger: (earlier) => lastWrite(earlier, "customer_relationship_manager.update_customer", "customer_id", "status"),
  instantiate(before, after, change, earlier) {
    const { customer_id: customerId = "", new_value: status } = change.args;
    const customer = initialRow(before, "crm", change);
    const reassigned = earlier.some((write) => write.args.customer_id === customerId && write.args.field === "assigned_to_email");
    if (!status || !customer || reassigned || cell(customer.values.status as Cell) === status) return null;
    const owner = cell(customer.values.assigned_to_email as Cell);
    const person = personByEmail(before, owner);
    const ctx = person && after();
    const p = ctx && pickPerson(ctx, [person]);
    if (!ctx || !p) return null;
    const filters = { assigned_to_email: owner, status };
    const now = allCustomers(ctx, filters);
    const then = allCustomers(before, filters);
    if (!now || !then || now.length === then.length) return null;
    return {
      text: `Email ${p.ref} how many ${status} customers they look after (subject '${status} customers', body just the number)`,
      calls: [call("email.send_email", { recipient: owner, subject: `${status} customers`, body: String(now.length) })],
    };
  },
};

/** After a task moved into or out of Completed, whether its assignee has unfinished tasks on its board before a date may have flipped. */
const deadlineCheckAfterMove: FollowUp = {
  id: "follow-up.deadline-check",
  wording: "multi.deadline-check",
  toolkits: ["project_management", "calendar"],
  trigger: (earlier) => lastWrite(earlier, "project_management.update_task", "task_id", "list_name"),
  instantiate(before, after, move, earlier) {
    const { task_id: taskId = "", new_value: newList } = move.args;
    const task = initialRow(before, "project_tasks", move);
    const otherChange = earlier.some((write) => write.args.task_id === taskId && write.args.field !== "list_name");
    // The task counts as unfinished before and after unless it moved into or out of Completed.
    if (!task || otherChange || (cell(task.values.list_name as Cell) === "Completed") === (newList === "Completed")) return null;
    const owner = cell(task.values.assigned_to_email as Cell);
    const board = cell(task.values.board as Cell);
    const person = personByEmail(before, owner);
    // The earliest weekday after the due date (and from tomorrow on): the fewest other tasks count.
    let date = addDays(cell(task.values.due_date as Cell), 1);
    if (date < TOMORROW) date = TOMORROW;
    while (isWeekend(date)) date = addDays(date, 1);
    if (!person || date > LAST_BOOKING_DAY) return null;
    const unfinishedBefore = (ctx: TemplateContext) =>
      (ctx.read("project_management.search_tasks", { assigned_to_email: owner, board }) as Record<string, Cell>[]).some(
        (row) => cell(row.due_date) < date && cell(row.list_name) !== "Completed",
      );
    const lateThen = unfinishedBefore(before);
    const ctx = after();
    const p = pickPerson(ctx, [person]);
    const late = unfinishedBefore(ctx);
    if (!p || late === lateThen) return null;
    const slot = late ? firstFreeOnDay(ctx, date, 30) : "none";
    if (!slot) return null;
    return {
      text: `If ${p.ref} has any unfinished ${board} tasks due before ${say(date)}, book a 30-minute 'Deadline check' with them at the first time I'm free on ${say(date)}; otherwise do nothing`,
      calls: late ? [call("calendar.create_event", { event_name: "Deadline check", participant_email: owner, event_start: `${date} ${slot}`, duration: "30" })] : [],
    };
  },
};

/** After someone's latest email to me was deleted, "the last email they sent me" is an older one. */
const replyAfterDelete: FollowUp = {
  id: "follow-up.reply-after-delete",
  wording: "email.reply-latest-from",
  toolkits: ["email"],
  trigger: (earlier) => lastWrite(earlier, "email.delete_email", "email_id"),
  instantiate(before, after, deletion) {
    const emailId = deletion.args.email_id as string;
    const deleted = initialRow(before, "email", deletion);
    const person = deleted && cell(deleted.values["inbox/outbox"] as Cell) === "inbox" ? personByEmail(before, cell(deleted.values["sender/recipient"] as Cell)) : undefined;
    const latestBefore = person && latestWith(before, person.email, "inbox");
    if (!person || !latestBefore || cell(latestBefore.email_id) !== emailId) return null;
    const ctx = after();
    const p = pickPerson(ctx, [person]);
    const latest = p && latestWith(ctx, person.email, "inbox");
    if (!p || !latest || cell(latest.email_id) === emailId) return null;
    const body = ctx.rng.pick(BODIES);
    return {
      text: `Reply to the last email ${p.ref} sent me with '${body}'`,
      calls: [call("email.reply_email", { email_id: cell(latest.email_id), body })],
    };
  },
};

/** A meeting cancelled earlier that day may free an earlier slot: the first free time moves up. */
const firstFreeAfterCancel: FollowUp = {
  id: "follow-up.first-free-after-cancel",
  wording: "calendar.book-first-free",
  toolkits: ["calendar"],
  trigger: (earlier) => lastWrite(earlier, "calendar.delete_event", "event_id"),
  instantiate(before, after, deletion) {
    const deleted = initialRow(before, "calendar", deletion);
    const date = deleted && cell(deleted.values.event_start as Cell).slice(0, 10);
    if (!date || !bookableDay(date)) return null;
    const slotBefore = firstFreeOnDay(before, date, 30);
    return bookFirstFree(after(), date, slotBefore);
  },
};

/** A past meeting removed earlier: "how many meetings I had with them that month" is one fewer. */
const meetingCountAfterCancel: FollowUp = {
  id: "follow-up.meeting-count-after-cancel",
  wording: "multi.meeting-count-email",
  toolkits: ["calendar", "email"],
  trigger: (earlier) => lastWrite(earlier, "calendar.delete_event", "event_id"),
  instantiate(before, after, deletion) {
    const deleted = initialRow(before, "calendar", deletion);
    const start = deleted && cell(deleted.values.event_start as Cell).slice(0, 10);
    const month = start && MEETING_COUNT_MONTHS.find(([, first, last]) => start >= first && start <= last);
    const person = deleted && personByEmail(before, cell(deleted.values.participant_email as Cell));
    if (!month || !person) return null;
    const [name, firstDay, lastDay] = month;
    const [first, last] = [`${firstDay} 00:00:00`, `${lastDay} 23:59:59`];
    const then = allEvents(before, person.email, first, last);
    const ctx = after();
    const p = pickPerson(ctx, [person]);
    const to = p && pickPerson(ctx, undefined, [person.email]);
    const now = allEvents(ctx, person.email, first, last);
    if (!p || !to || !then || !now || now.length === then.length) return null;
    return {
      text: `Email ${to.ref} how many meetings I had with ${p.ref} in ${name} (subject 'Meetings with ${p.ref}', body just the number)`,
      calls: [call("email.send_email", { recipient: to.person.email, subject: `Meetings with ${p.ref}`, body: String(now.length) })],
    };
  },
};

/** "HH:MM:SS" of a start the free-or-ask wording asks about (09:00 … 17:00 on the half hour, a future weekday), or null. */
function askedStart(start: string): string | null {
  const date = start.slice(0, 10);
  const minutes = timeToMinutes(start);
  const onHalfHour = start.endsWith(":00") && minutes % 30 === 0 && minutes >= 9 * 60 && minutes <= 17 * 60;
  return onHalfHour && bookableDay(date) ? start : null;
}

/**
 * After a meeting booked (or cancelled) at a half hour, "if I'm free for 30 minutes then, book …;
 * otherwise email …" takes the other branch.
 */
const freeOrAskAfterChange: FollowUp = {
  id: "follow-up.free-or-ask",
  wording: "multi.free-or-ask",
  toolkits: ["calendar", "project_management", "email"],
  trigger(earlier) {
    const last = earlier.filter((write) => write.tool === "calendar.create_event" || write.tool === "calendar.delete_event").at(-1);
    return last && (last.tool === "calendar.delete_event" || askedStart(last.args.event_start ?? "")) ? last : null;
  },
  instantiate(before, after, change, earlier) {
    const deleted = change.tool === "calendar.delete_event" ? initialRow(before, "calendar", change) : undefined;
    const start = askedStart(deleted ? cell(deleted.values.event_start as Cell) : (change.args.event_start ?? ""));
    if (!start) return null;
    const date = start.slice(0, 10);
    const minutes = timeToMinutes(start);
    const eventsThen = eventsOnDay(before, date);
    if (!eventsThen) return null;
    const freeThen = isFree(eventsThen, minutes, 30);
    // A task the earlier requests did not touch (reassign, delete, or create one of the same name).
    const touched = new Set(earlier.flatMap((write) => [write.args.task_id, write.args.task_name]));
    const ctx = after();
    const t = pickTask(ctx, (row) => !touched.has(cell(row.task_id)) && !touched.has(cell(row.task_name)));
    const eventsNow = eventsOnDay(ctx, date);
    if (!t || !eventsNow || isFree(eventsNow, minutes, 30) === freeThen) return null;
    const name = cell(t.task_name);
    const owner = cell(t.assigned_to_email);
    return {
      text: `If I'm free for 30 minutes at ${start.slice(11, 16)} on ${say(date)}, book 'Review ${name}' then with the owner of the ${cell(t.board)} task '${name}'; otherwise email them with the subject 'Review ${name}' asking 'When suits you for a review?'`,
      calls: freeThen
        ? [call("email.send_email", { recipient: owner, subject: `Review ${name}`, body: "When suits you for a review?" })]
        : [call("calendar.create_event", { event_name: `Review ${name}`, participant_email: owner, event_start: start, duration: "30" })],
    };
  },
};

export const FOLLOW_UPS: readonly FollowUp[] = [
  firstFreeSameDay,
  firstFreeAfterCancel,
  statusCountAfterChange,
  meetingCountAfterCancel,
  deadlineCheckAfterMove,
  replyAfterDelete,
  freeOrAskAfterChange,
];

/**
 * A follow-up to `calls` (the earlier requests' ground truth, in order), solved on the state they
 * leave; the reads made on that state join `ctx`'s trail. Null when no follow-up depends on them.
 */
export function dependentFollowUp(ctx: TemplateContext, calls: readonly string[]): { followUp: FollowUp; instance: Instance } | null {
  const earlier: ParsedWrite[] = [];
  for (const raw of calls) {
    const parsed = parseCall(raw);
    if (parsed.ok) earlier.push({ tool: parsed.call.tool, args: parsed.call.args as Record<string, string> });
  }
  const base = { rng: ctx.rng, world: ctx.world, params: ctx.params, wantNoAction: false };
  // Reads of the initial sandbox are shared by every follow-up of a generation (they are pure; the same
  // days, owners and boards come up again and again, and at 100× each read scans tens of thousands of rows).
  const before = createContext({ ...base, sandbox: ctx.sandbox }, perWorld<ReadCache>(ctx, "follow-up reads of the initial sandbox", () => new Map()));
  // The kind made least so far in this generation goes first (ties in random order): the common
  // triggers (a status change, a booking) would otherwise crowd out the kinds a rarer request enables.
  const counts = perWorld(ctx, "follow-ups made by kind", () => new Map<string, number>());
  const order = ctx.rng.shuffle(FOLLOW_UPS).sort((a, b) => (counts.get(a.id) ?? 0) - (counts.get(b.id) ?? 0));
  let stateAfter: SandboxData | null = null;
  for (const followUp of order) {
    const trigger = followUp.trigger(earlier);
    if (trigger === null) continue;
    let after: TemplateContext | null = null;
    const afterContext = () => {
      if (!stateAfter) {
        const replay = replayCalls(ctx.sandbox, calls, executeCall);
        // Not a usable instance (tasks.ts drops it, as it drops one whose read the tools refuse).
        if (replay.failedCalls.length > 0) throw new ReadFailedError(`the earlier requests' calls fail: ${replay.failedCalls[0]?.reason}`);
        stateAfter = { ...ctx.sandbox, tables: replay.state };
      }
      return (after ??= createContext({ ...base, sandbox: stateAfter }));
    };
    const instance = followUp.instantiate(before, afterContext, trigger, earlier);
    if (!instance) continue;
    ctx.trail.push(...(after as TemplateContext | null)?.trail ?? []);
    counts.set(followUp.id, (counts.get(followUp.id) ?? 0) + 1);
    return { followUp, instance };
  }
  return null;
}
