// The checker's reads: every fact comes from a read-only tool called on the sandbox it is given (the
// initial one, or the state the earlier requests of an in-order task leave), as an
// agent would call it, within the tools' result limits. Written apart from the generator's own read
// helpers (templates/find.ts) on purpose, with another paging strategy (bisecting the time or date
// window until each window returns fewer than five rows), so a shared bug cannot hide in both.
import { parseCall } from "../../calls/parse-call";
import { formatCall } from "../../calls/format-call";
import { createSandbox } from "../../sandbox/sandbox";
import type { Cell, SandboxData } from "../../sandbox/types";
import { executeCall, getTool } from "../../tools";
import { NumpyStringArray, PythonFloat } from "../../tools/format";

export type Rec = Record<string, string>;
const LIMIT = 5;

/** The tools cannot answer (a window of one instant still returns a full page, or a read fails). */
export class UnreadableError extends Error {}

export interface Reader {
  call(tool: string, args: Record<string, string>): unknown;
  /** One page of a search tool's rows, cells as strings ("No … found." is no rows). */
  page(tool: string, args: Record<string, string>): Rec[];
  /** The one directory address a task's name for a colleague denotes ("Maya" or "Maya Lee"). */
  person(ref: string): string;
  /** Every event whose name or participant contains `query`, starting in [from, to] ("YYYY-MM-DD HH:MM:SS"). */
  events(query: string, from: string, to: string): Rec[];
  /** Every email matching `query` sent on days [from, to], newest first. */
  emails(query: string, from?: string, to?: string): Rec[];
  /** Every customer matching the filters. */
  customers(filters: Record<string, string>): Rec[];
  /** The one customer with exactly this name. */
  customer(name: string): Rec;
  tasks(filters: Record<string, string>): Rec[];
  /** A per-day analytics tool over [from, to] as numbers. */
  perDay(tool: string, from: string, to: string, extra?: Record<string, string>): Record<string, number>;
}

export function createReader(data: SandboxData): Reader {
  const sandbox = createSandbox(data);
  const memo = new Map<string, unknown>();
  const call = (tool: string, args: Record<string, string>): unknown => {
    if (getTool(tool)?.hasSideEffects !== false) throw new Error(`${tool} is not a read-only tool`);
    const raw = formatCall(tool, args);
    if (memo.has(raw)) return memo.get(raw);
    const parsed = parseCall(raw);
    if (!parsed.ok) throw new Error(`unparseable read ${raw}`);
    const outcome = executeCall(sandbox, parsed.call);
    const value = outcome.ok ? outcome.value : new UnreadableError(`${raw}: ${outcome.message}`);
    memo.set(raw, value);
    if (value instanceof UnreadableError) throw value;
    return value;
  };
  const rows = (value: unknown): Rec[] => (Array.isArray(value) ? (value as Rec[]).map((row) => stringRecord(row)) : []);
  const reader: Reader = {
    call,
    page: (tool, args) => rows(call(tool, args)),
    person(ref) {
      const [first = "", last] = ref.split(" ");
      const query = (last ? `${first}.${last}` : first).toLowerCase();
      const found = call("company_directory.find_email_address", { name: query });
      const items = found instanceof NumpyStringArray ? found.items : [];
      // A first name must be the whole first part of the address, a full name the whole local part.
      const exact = items.filter((email) => (last ? email.split("@")[0] === query : email.split(".")[0] === query));
      if (exact.length !== 1) throw new UnreadableError(`"${ref}" names ${exact.length} colleagues`);
      return exact[0] as string;
    },
    events(query, from, to) {
      return bisect(toSeconds(from), toSeconds(to), (a, b) => rows(call("calendar.search_events", { query, time_min: fromSeconds(a), time_max: fromSeconds(b) })), 1)
        .sort((x, y) => compare(x.event_start, y.event_start) || compare(x.event_id, y.event_id));
    },
    emails(query, from = "1990-01-01", to = "2100-12-31") {
      const found = bisect(toDays(from), toDays(to), (a, b) => rows(call("email.search_emails", { query, date_min: fromDays(a), date_max: fromDays(b) })), 1);
      return found.sort((x, y) => compare(y.sent_datetime, x.sent_datetime));
    },
    customers(filters) {
      const search = (a: number, b: number) => rows(call("customer_relationship_manager.search_customers", { ...filters, last_contact_date_min: fromDays(a), last_contact_date_max: fromDays(b) }));
      const min = filters.last_contact_date_min ?? "1990-01-01";
      const max = filters.last_contact_date_max ?? "2100-12-31";
      return bisect(toDays(min), toDays(max), search, 1);
    },
    customer(name) {
      const found = rows(call("customer_relationship_manager.search_customers", { customer_name: name }));
      const exact = found.filter((row) => row.customer_name === name);
      if (found.length >= LIMIT || exact.length !== 1) throw new UnreadableError(`customer "${name}": ${exact.length} exact of ${found.length}`);
      return exact[0] as Rec;
    },
    tasks(filters) {
      return rows(call("project_management.search_tasks", filters));
    },
    perDay(tool, from, to, extra = {}) {
      const value = call(tool, { time_min: from, time_max: to, ...extra }) as Record<string, unknown>;
      const out: Record<string, number> = {};
      for (const [date, n] of Object.entries(value ?? {})) out[date] = n instanceof PythonFloat ? n.value : Number(n);
      return out;
    },
  };
  return reader;
}

/** Rows of every window [a, b] (integers), splitting a window in two while it returns a full page. */
function bisect(a: number, b: number, search: (a: number, b: number) => Rec[], step: number): Rec[] {
  const page = search(a, b);
  if (page.length < LIMIT) return page;
  if (b - a < step) throw new UnreadableError(`a single instant holds ${LIMIT} or more rows`);
  const middle = Math.floor((a + b) / 2);
  const seen = new Map<string, Rec>();
  for (const row of [...bisect(a, middle, search, step), ...bisect(middle + step, b, search, step)]) seen.set(JSON.stringify(row), row);
  return [...seen.values()];
}

function stringRecord(row: Record<string, unknown>): Rec {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, cellText(value as Cell)]));
}

function cellText(value: Cell | undefined): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : value.timestamp;
}

const compare = (a = "", b = "") => (a < b ? -1 : a > b ? 1 : 0);
const toSeconds = (stamp: string) => Date.parse(`${stamp.replace(" ", "T")}Z`) / 1000;
const fromSeconds = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19).replace("T", " ");
const toDays = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const fromDays = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);
