// How templates find things the way an agent must: through the search tools, within their limits.
// Each helper records its reads in the context's trail and returns null when the tools cannot single
// out the answer (the template then rejects the instance).
import type { Cell, Table } from "../../sandbox/types";
import { NumpyStringArray } from "../../tools/format";
import { addDays } from "../dates";
import type { Person, Row } from "../world/types";
import type { TemplateContext } from "./context";

type Record_ = Record<string, Cell>;
const SEARCH_LIMIT = 5;

/** How a task names a colleague: the first name when the directory finds only them, else the full name. */
export function personRef(ctx: TemplateContext, person: Person): string | null {
  const byFirst = directory(ctx, person.first.toLowerCase());
  if (byFirst.length === 1 && byFirst[0] === person.email) return person.first;
  const byFull = directory(ctx, `${person.first}.${person.last}`.toLowerCase());
  return byFull.length === 1 && byFull[0] === person.email ? `${person.first} ${person.last}` : null;
}

function directory(ctx: TemplateContext, name: string): readonly string[] {
  const value = ctx.read("company_directory.find_email_address", { name });
  return value instanceof NumpyStringArray ? value.items : [];
}

export function personByEmail(ctx: TemplateContext, email: string): Person | undefined {
  return ctx.world.people.find((person) => person.email === email);
}

const records = (value: unknown): Record_[] => (Array.isArray(value) ? (value as Record_[]) : []);
const str = (cell: Cell | undefined) => (typeof cell === "string" ? cell : "");

/**
 * Every email matching `query`, paging back past the 5-result limit: newest-first pages bounded by
 * date_max, and a per-day search for the oldest day of each page. Null when a single day holds more
 * than 5 matches (the tools could not list them all).
 */
export function allEmails(ctx: TemplateContext, query: string, dateMin?: string): Record_[] | null {
  const found = new Map<string, Record_>();
  let dateMax: string | undefined;
  for (let page = 0; page < 400; page++) {
    const args: Record<string, string> = { query };
    if (dateMin) args.date_min = dateMin;
    if (dateMax) args.date_max = dateMax;
    const rows = records(ctx.read("email.search_emails", args));
    for (const row of rows) found.set(str(row.email_id), row);
    if (rows.length < SEARCH_LIMIT) return sortNewest([...found.values()]);
    const oldestDay = str(rows[rows.length - 1]?.sent_datetime).slice(0, 10);
    const day = records(ctx.read("email.search_emails", { query, date_min: oldestDay, date_max: oldestDay }));
    if (day.length >= SEARCH_LIMIT) return null;
    for (const row of day) found.set(str(row.email_id), row);
    dateMax = addDays(oldestDay, -1);
    if (dateMin && dateMax < dateMin) return sortNewest([...found.values()]);
  }
  return null;
}

function sortNewest(rows: Record_[]): Record_[] {
  return rows.sort((a, b) => (str(a.sent_datetime) < str(b.sent_datetime) ? 1 : -1));
}

/**
 * Every event matching `query` between two times. The search returns the first 5 matches in table
 * order. In start order (as the world writes the calendar) that is the earliest 5, so the reads page
 * forward: after each full page the last start time is read on its own (time_min = time_max) and the
 * next page starts one second later. A state with booked events appended at the end (a follow-up's)
 * is not in start order, and paging forward would skip an early booking, so there a full page's window
 * is split in two at the middle start the page showed, until every window returns fewer than 5.
 * Null when one start time alone holds 5 or more matches (the tools cannot list them all).
 */
export function allEvents(ctx: TemplateContext, query: string, timeMin: string, timeMax: string): Record_[] | null {
  if (!inStartOrder(ctx.sandbox.tables.calendar)) return eventsBySplitting(ctx, query, timeMin, timeMax);
  const found = new Map<string, Record_>();
  let cursor = timeMin;
  for (let page = 0; page < 5000; page++) {
    const rows = records(ctx.read("calendar.search_events", { query, time_min: cursor, time_max: timeMax }));
    for (const row of rows) found.set(str(row.event_id), row);
    if (rows.length < SEARCH_LIMIT) return [...found.values()].sort(byStart);
    const last = str(rows[rows.length - 1]?.event_start);
    const same = records(ctx.read("calendar.search_events", { query, time_min: last, time_max: last }));
    if (same.length >= SEARCH_LIMIT) return null;
    for (const row of same) found.set(str(row.event_id), row);
    cursor = nextSecond(last);
    if (cursor > timeMax) return [...found.values()].sort(byStart);
  }
  return null;
}

function eventsBySplitting(ctx: TemplateContext, query: string, timeMin: string, timeMax: string): Record_[] | null {
  const found = new Map<string, Record_>();
  const windows: [string, string][] = [[timeMin, timeMax]];
  for (let reads = 0; windows.length > 0; reads++) {
    if (reads === 20_000) return null;
    const [from, to] = windows.pop() as [string, string];
    const rows = records(ctx.read("calendar.search_events", { query, time_min: from, time_max: to }));
    for (const row of rows) found.set(str(row.event_id), row);
    if (rows.length < SEARCH_LIMIT) continue;
    if (from === to) return null;
    // Split before the middle start shown ([from, middle) and [middle, to]); when that is the window's
    // first instant, split off the instant itself, so each part is smaller than the window.
    const starts = [...new Set(rows.map((row) => str(row.event_start)))].sort();
    const middle = starts[Math.floor(starts.length / 2)] as string;
    if (middle > from) windows.push([from, nextSecond(middle, -1)], [middle, to]);
    else windows.push([from, from], [nextSecond(from), to]);
  }
  return [...found.values()].sort(byStart);
}

/** Whether the calendar's rows are in start order; computed once per table version (tables are immutable). */
const startOrdered = new WeakMap<Table, boolean>();
function inStartOrder(table: Table): boolean {
  let ordered = startOrdered.get(table);
  if (ordered === undefined) {
    ordered = table.rows.every((row, index) => index === 0 || str(table.rows[index - 1]?.values.event_start) <= str(row.values.event_start));
    startOrdered.set(table, ordered);
  }
  return ordered;
}

function nextSecond(timestamp: string, seconds = 1): string {
  const value = new Date(`${timestamp.replace(" ", "T")}Z`);
  value.setUTCSeconds(value.getUTCSeconds() + seconds);
  return value.toISOString().slice(0, 19).replace("T", " ");
}

const byStart = (a: Record_, b: Record_) => (str(a.event_start) < str(b.event_start) ? -1 : str(a.event_start) > str(b.event_start) ? 1 : 0);

/** Every customer matching the filters: splits by product interest (then status) while a page is full. */
export function allCustomers(ctx: TemplateContext, filters: Record<string, string>): Record_[] | null {
  const first = records(ctx.read("customer_relationship_manager.search_customers", filters));
  if (first.length < SEARCH_LIMIT) return first;
  const found: Record_[] = [];
  for (const product of ["Software", "Hardware", "Services", "Consulting", "Training"]) {
    const page = records(ctx.read("customer_relationship_manager.search_customers", { ...filters, product_interest: product }));
    if (page.length < SEARCH_LIMIT) {
      found.push(...page);
      continue;
    }
    if (filters.status) return null;
    for (const status of ["Qualified", "Won", "Lost", "Lead", "Proposal"]) {
      const narrow = records(ctx.read("customer_relationship_manager.search_customers", { ...filters, product_interest: product, status }));
      if (narrow.length >= SEARCH_LIMIT) return null;
      found.push(...narrow);
    }
  }
  return found;
}

/** A customer found by name; null unless the search returns exactly that one. */
export function customerByName(ctx: TemplateContext, name: string): Record_ | null {
  const rows = records(ctx.read("customer_relationship_manager.search_customers", { customer_name: name }));
  const exact = rows.filter((row) => str(row.customer_name) === name);
  return rows.length < SEARCH_LIMIT && exact.length === 1 ? (exact[0] as Record_) : null;
}

/** Project tasks (no search limit) whose name contains the text, exact-name matches only. */
export function tasksNamed(ctx: TemplateContext, name: string, extra: Record<string, string> = {}): Record_[] {
  return records(ctx.read("project_management.search_tasks", { task_name: name, ...extra })).filter((row) => str(row.task_name) === name);
}

/** Events of one calendar day, in calendar order (pages past the limit). */
export function eventsOnDay(ctx: TemplateContext, date: string, query = ""): Record_[] | null {
  return allEvents(ctx, query, `${date} 00:00:00`, `${date} 23:59:59`);
}

/** The day's first (or last) meeting by start; null when the day has none or two meetings start then. */
export function meetingAtEdgeOfDay(ctx: TemplateContext, date: string, edge: "first" | "last"): Record_ | null {
  const rows = eventsOnDay(ctx, date);
  if (!rows || rows.length === 0) return null;
  const [meeting, neighbour] = edge === "first" ? [rows[0], rows[1]] : [rows[rows.length - 1], rows[rows.length - 2]];
  return meeting && cell(neighbour?.event_start) !== cell(meeting.event_start) ? meeting : null;
}

export const cell = str;
export const asRows = (rows: readonly Row[]) => rows;
