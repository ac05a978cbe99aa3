// Shared vocabulary of the checker's rules: reading dates and names back out of a task's text, and
// writing the calls the text asks for. Independent of the generator's templates by design.
import { formatCall } from "../../calls/format-call";
import type { Reader, Rec } from "./reader";
import { UnreadableError } from "./reader";

export interface Rule {
  readonly id: string;
  readonly pattern: RegExp;
  /** The calls the task's text asks for, recomputed from the sandbox through the reader. */
  solve(match: string[], read: Reader): string[];
}

export const NAME = "([A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?)";
export const DATE = "([A-Z][a-z]+ \\d{1,2}(?:, \\d{4})?)";
export const TODAY = "2023-11-30";
export const NOW = "2023-11-30 00:00:00";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "November 3" → 2023-11-03; "January 5, 2024" → 2024-01-05 (the sandbox's year unless given). */
export function isoDate(spoken: string): string {
  const match = /^([A-Z][a-z]+) (\d{1,2})(?:, (\d{4}))?$/.exec(spoken);
  const month = match ? MONTHS.indexOf(match[1] as string) : -1;
  if (!match || month < 0) throw new Error(`not a date: ${spoken}`);
  return `${match[3] ?? "2023"}-${String(month + 1).padStart(2, "0")}-${(match[2] as string).padStart(2, "0")}`;
}

/** First and last day of a named month of 2023. */
export function monthRange(name: string): [string, string] {
  const month = MONTHS.indexOf(name);
  if (month < 0) throw new Error(`not a month: ${name}`);
  const last = new Date(Date.UTC(2023, month + 1, 0)).getUTCDate();
  const mm = String(month + 1).padStart(2, "0");
  return [`2023-${mm}-01`, `2023-${mm}-${last}`];
}

export function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const minutesOf = (stamp: string) => Number(stamp.slice(11, 13)) * 60 + Number(stamp.slice(14, 16));
export const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:00`;

/** The first half-hour slot from 09:00 whose `minutes` end by 18:00 and overlap no event of the day. */
export function firstFree(read: Reader, date: string, minutes: number): string {
  const events = read.events("", `${date} 00:00:00`, `${date} 23:59:59`);
  for (let start = 540; start + minutes <= 1080; start += 30) {
    if (freeAt(events, start, minutes)) return clock(start);
  }
  throw new UnreadableError(`no free ${minutes} minutes on ${date}`);
}

export function freeAt(events: readonly Rec[], start: number, minutes: number): boolean {
  return !events.some((event) => {
    const from = minutesOf(event.event_start as string);
    const to = from + Number(event.duration);
    return from < start + minutes && start < to;
  });
}

/** Exactly one element, or the task is ambiguous. */
export function one<T>(items: readonly T[], what: string): T {
  if (items.length !== 1) throw new UnreadableError(`${items.length} candidates for ${what}`);
  return items[0] as T;
}

export const c = (tool: string, args: Record<string, string>) => formatCall(tool, args);
export const send = (recipient: string, subject: string, body: string) => c("email.send_email", { recipient, subject, body });
export const createEvent = (event_name: string, participant_email: string, event_start: string, duration: string) =>
  c("calendar.create_event", { event_name, participant_email, event_start, duration });
export const plot = (time_min: string, time_max: string, value_to_plot: string, plot_type: string) =>
  c("analytics.create_plot", { time_min, time_max, value_to_plot, plot_type });

/** The metric a task's words name, as create_plot's value_to_plot. */
export function metricValue(words: string): string {
  const known: Record<string, string> = { "total visits": "total_visits", "engaged users": "user_engaged", "average session duration": "session_duration_seconds" };
  if (known[words]) return known[words];
  const source = /^visits from (.+)$/.exec(words)?.[1] ?? words;
  return `visits_${source.replace(" ", "_")}`;
}

/** Every meeting of a person (as participant) starting in a window, in start order. */
export function meetingsWith(read: Reader, email: string, from: string, to: string): Rec[] {
  return read.events(email, from, to).filter((row) => row.participant_email === email);
}

/** The one meeting with exactly that name on a day. */
export function meetingNamed(read: Reader, name: string, date: string): Rec {
  return one(read.events(name, `${date} 00:00:00`, `${date} 23:59:59`).filter((row) => row.event_name === name), `'${name}' on ${date}`);
}

/** The one project task with exactly that name among the filtered ones. */
export function taskNamed(read: Reader, name: string, filters: Record<string, string>): Rec {
  return one(read.tasks({ task_name: name, ...filters }).filter((row) => row.task_name === name && Object.entries(filters).every(([key, value]) => row[key] === value)), `task '${name}'`);
}

export const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
