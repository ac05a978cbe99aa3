// search_emails and search_events scan the table once and keep only the 5 results they return (no
// table-sized copies or sorts; see newestWithinOnePass / firstEventsOnePass). This checks them on a
// generated 3× workplace, where many emails share a day and many events share a start, against the
// 2024 rule recomputed here directly: match, sort (emails: newest first, ties in table order), bound,
// first five.
import { describe, expect, test } from "vitest";
import { createSandbox } from "../sandbox/sandbox";
import { tableFromRecords } from "../sandbox/table";
import type { Cell, SandboxData, Table } from "../sandbox/types";
import { generateDataset } from "../generate";
import { executeCall } from ".";

const generated = generateDataset({ seed: 3, scale: 3 }).sandbox;
// A second copy where every email of a day was sent at 09:00: ties, which must keep table order.
const email = generated.tables.email;
const tied = tableFromRecords("email", email.columns, email.rows.map((row) => ({ ...row.values, sent_datetime: `${String(row.values.sent_datetime).slice(0, 10)} 09:00:00` })));
const withTies: SandboxData = { ...generated, tables: { ...generated.tables, email: tied } };
const text = (cell: Cell | undefined) => (typeof cell === "string" ? cell : "");
const search = (tool: string, args: Record<string, string>, sandbox: SandboxData) => {
  const outcome = executeCall(createSandbox(sandbox), { tool, args, raw: tool });
  if (!outcome.ok) throw new Error(outcome.observation);
  return outcome.value;
};
const idsOf = (value: unknown, column: string) => (Array.isArray(value) ? value.map((record: Record<string, Cell>) => text(record[column])) : value);
const rowsOf = (table: Table) => table.rows.map((row) => row.values);

describe.each([["as generated", generated], ["with same-time ties", withTies]] as const)("search_emails at scale, %s", (_, sandbox) => {
  const emails = rowsOf(sandbox.tables.email);
  const expected = (query: string, dateMin?: string, dateMax?: string) => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const found = emails
      .map((row, index) => ({ row, index }))
      .filter(({ row }) => words.every((word) => `${text(row.subject)} ${text(row.body)} ${text(row["sender/recipient"])}`.toLowerCase().includes(word)))
      .sort((a, b) => (text(a.row.sent_datetime) < text(b.row.sent_datetime) ? 1 : text(a.row.sent_datetime) > text(b.row.sent_datetime) ? -1 : a.index - b.index))
      .filter(({ row }) => (!dateMin || text(row.sent_datetime).slice(0, 10) >= dateMin) && (!dateMax || text(row.sent_datetime).slice(0, 10) <= dateMax))
      .slice(0, 5)
      .map(({ row }) => text(row.email_id));
    return found.length ? found : "No emails found.";
  };
  const days = [...new Set(emails.map((row) => text(row.sent_datetime).slice(0, 10)))].sort();
  const senders = [...new Set(emails.map((row) => text(row["sender/recipient"])))].slice(0, 6);
  const cases: [string, string?, string?][] = [["", undefined, undefined], ["", days[3], days[3]], ["", undefined, days[10]], ["", days[days.length - 5], undefined]];
  for (const sender of senders) cases.push([sender], [sender, days[0], days[Math.floor(days.length / 2)]], [sender.split("@")[0] ?? sender, days[5]]);
  test.each(cases)("query %j from %s to %s", (query, dateMin, dateMax) => {
    const args: Record<string, string> = { query };
    if (dateMin) args.date_min = dateMin;
    if (dateMax) args.date_max = dateMax;
    expect(idsOf(search("email.search_emails", args, sandbox), "email_id")).toEqual(expected(query, dateMin, dateMax));
  });
});

describe("search_events at scale", () => {
  const sandbox = generated;
  const events = rowsOf(sandbox.tables.calendar);
  const expected = (query: string, timeMin?: string, timeMax?: string) => {
    const needle = query.toLowerCase();
    const found = events
      .filter((row) => text(row.event_name).toLowerCase().includes(needle) || text(row.participant_email).toLowerCase().includes(needle))
      .filter((row) => (!timeMin || text(row.event_start) >= timeMin) && (!timeMax || text(row.event_start) <= timeMax))
      .slice(0, 5)
      .map((row) => text(row.event_id));
    return found.length ? found : "No events found.";
  };
  const starts = [...new Set(events.map((row) => text(row.event_start)))].sort();
  const people = [...new Set(events.map((row) => text(row.participant_email)))].slice(0, 6);
  const cases: [string, string?, string?][] = [["", undefined, undefined], ["", starts[7], starts[7]], ["", starts[starts.length - 20], undefined]];
  for (const person of people) cases.push([person], [person, starts[Math.floor(starts.length / 2)], starts[starts.length - 1]], [person, starts[0], starts[20]]);
  test.each(cases)("query %j from %s to %s", (query, timeMin, timeMax) => {
    const args: Record<string, string> = { query };
    if (timeMin) args.time_min = timeMin;
    if (timeMax) args.time_max = timeMax;
    expect(idsOf(search("calendar.search_events", args, sandbox), "event_id")).toEqual(expected(query, timeMin, timeMax));
  });
});
