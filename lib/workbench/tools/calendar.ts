/** The calendar toolkit (5 tools) over the `calendar` table. */
import type { Tool } from "./types";
import type { Row, Table } from "../sandbox/types";
import { defineTool, type ToolArgs } from "./define-tool";
import { cellOf, concatRow, hasValue, rowRecord, updateWhere } from "../sandbox/table";
import { deleteById, informationById, nextId, pyStr, tableOf, textMatcher } from "./tool-helpers";
import { addMinutes, compareTimestamps, isClockRelative, parseTimestampCached as parseTimestamp, type ParsedTimestamp } from "./pandas-timestamp";
import { pythonInt } from "./python-int";
import { PythonError } from "./python-error";
import type { ToolRules } from "./rules";

const EVENT_ID_DOC = '8-digit ID of the event, e.g. "00000013".';

const getEventInformationById = defineTool({
  name: "calendar.get_event_information_by_id",
  domain: "calendar",
  description: "Looks up one field of a calendar event by its ID and returns it as {field: value}.",
  parameters: [
    ["event_id", EVENT_ID_DOC],
    ["field", 'Field to return: "event_id", "event_name", "participant_email", "event_start" or "duration".'],
  ],
  hasSideEffects: false,
  run: (sandbox, { event_id, field }) =>
    informationById(tableOf(sandbox, "calendar"), "event_id", event_id, field, {
      noId: "Event ID not provided.",
      notFound: "Event not found.",
    }),
});

const searchEvents = defineTool({
  name: "calendar.search_events",
  domain: "calendar",
  description: (rules) =>
    "Searches calendar events whose name or participant email contains the query (case-insensitive), " +
    `optionally between two times (time_min bounds the event's ${rules.eventTimeMin} time, time_max its start). ` +
    "Returns at most 5 events, in calendar order.",
  parameters: [
    ["query", "Text to look for in the event_name and participant_email fields. Default: empty (every event)."],
    ["time_min", 'Lower bound (inclusive) for the event time. Format: "YYYY-MM-DD HH:MM:SS".'],
    ["time_max", 'Upper bound (inclusive) for the event start time. Format: "YYYY-MM-DD HH:MM:SS".'],
  ],
  hasSideEffects: false,
  run: (sandbox, args, rules) => searchEventsRun(tableOf(sandbox, "calendar"), args, rules),
});

function searchEventsRun(table: Table, args: ToolArgs, rules: ToolRules): unknown {
  const rows = firstEventsOnePass(table, args, rules, 5);
  if (!rows.length && rules.emptySearch === "message") return "No events found.";
  return rows.slice(0, 5).map((row) => rowRecord(table, row));
}

/** The search as the original runs it: the text filter over every event, then each bound in turn. */
function matchingEvents(table: Table, { query = "", time_min, time_max }: ToolArgs, rules: ToolRules): Row[] {
  const contains = textMatcher(query, true, rules.textSearch);
  const matches = (text: unknown) => typeof text === "string" && contains(text);
  let rows = table.rows.filter((row) => matches(cellOf(row, "event_name")) || matches(cellOf(row, "participant_email")));
  // 2024 filters on the start time for both bounds (its docstring says end time for time_min); 2026
  // compares time_min with start + int(duration) minutes (calendar.py:80-86). Both parse the bounds per
  // event, so an unparseable bound only raises when an event is left to filter.
  const lowerOf = lowerBoundOf(rules);
  if (time_min) rows = rows.filter((row) => (compareTimestamps(lowerOf(row), parseTimestamp(time_min)) ?? -1) >= 0);
  if (time_max) rows = rows.filter((row) => (compareTimestamps(eventStart(row), parseTimestamp(time_max)) ?? 1) <= 0);
  return rows;
}

function lowerBoundOf(rules: ToolRules): (row: Row) => ParsedTimestamp {
  return rules.eventTimeMin === "end" ? (row) => addMinutes(eventStart(row), pythonInt(pyStr(cellOf(row, "duration")))) : eventStart;
}

/**
 * The first `limit` events of matchingEvents, in one pass that keeps no table-sized arrays (at 100k
 * rows each search made up to three, which V8 keeps in its large-object space until a full collection).
 * Every event is still tested, as the original tests them all; each is kept or dropped on its own, so
 * the kept events and their order are the same. Should anything raise (a bound or a start that does
 * not parse), the original order of work is replayed, so the error is exactly the one it raises.
 */
function firstEventsOnePass(table: Table, args: ToolArgs, rules: ToolRules, limit: number): Row[] {
  const { query = "", time_min, time_max } = args;
  try {
    const contains = textMatcher(query, true, rules.textSearch);
    const matches = (text: unknown) => typeof text === "string" && contains(text);
    const lowerOf = lowerBoundOf(rules);
    const first: Row[] = [];
    for (const row of table.rows) {
      if (!matches(cellOf(row, "event_name")) && !matches(cellOf(row, "participant_email"))) continue;
      if (time_min && !((compareTimestamps(lowerOf(row), parseTimestamp(time_min)) ?? -1) >= 0)) continue;
      if (time_max && !((compareTimestamps(eventStart(row), parseTimestamp(time_max)) ?? 1) <= 0)) continue;
      if (first.length < limit) first.push(row);
    }
    return first;
  } catch (error) {
    if (!(error instanceof PythonError)) throw error;
    return matchingEvents(table, args, rules);
  }
}

/**
 * An event's parsed start, memoised per immutable row: a search compares every event's start, and at
 * 100k-row scale the shared text-keyed cache cannot hold them all (it was cleared and refilled on every
 * search, which made most of the generator's garbage). A start that does not parse is not memoised, so
 * it raises again, as before; nor is a clock-relative one ("11:00" is today's).
 */
const eventStarts = new WeakMap<Row, ParsedTimestamp>();
function eventStart(row: Row): ParsedTimestamp {
  let start = eventStarts.get(row);
  if (start === undefined) {
    const text = pyStr(cellOf(row, "event_start"));
    start = parseTimestamp(text);
    if (!isClockRelative(text)) eventStarts.set(row, start);
  }
  return start;
}

const createEvent = defineTool({
  name: "calendar.create_event",
  domain: "calendar",
  description: "Creates a calendar event and returns its new 8-digit ID.",
  parameters: [
    ["event_name", "Name of the event."],
    ["participant_email", "Email address of the participant."],
    ["event_start", 'Start time. Format: "YYYY-MM-DD HH:MM:SS".'],
    ["duration", 'Duration in minutes, e.g. "30".'],
  ],
  hasSideEffects: true,
  run(sandbox, { event_name, participant_email, event_start, duration }, rules) {
    if (!event_name) return "Event name not provided.";
    if (!participant_email) return "Participant email not provided.";
    if (!event_start) return "Event start not provided.";
    if (!duration) return "Event duration not provided.";
    const table = tableOf(sandbox, "calendar");
    const event_id = nextId(table, "event_id", true, rules.emptyTableId);
    const record = { event_id, event_name, participant_email: participant_email.toLowerCase(), event_start, duration };
    // pd.concat without ignore_index: the new row keeps label 0 of its one-row frame.
    sandbox.replaceTable(concatRow(table, record, false));
    return event_id;
  },
});

const deleteEvent = defineTool({
  name: "calendar.delete_event",
  domain: "calendar",
  description: "Deletes a calendar event by its ID.",
  parameters: [["event_id", EVENT_ID_DOC]],
  hasSideEffects: true,
  run: (sandbox, { event_id }) => deleteById(sandbox, "calendar", "event_id", event_id, "Event"),
});

const updateEvent = defineTool({
  name: "calendar.update_event",
  domain: "calendar",
  description: "Sets one field of a calendar event to a new value.",
  parameters: [
    ["event_id", EVENT_ID_DOC],
    ["field", 'Field to update: "event_name", "participant_email", "event_start" or "duration".'],
    ["new_value", "New value for the field (times as \"YYYY-MM-DD HH:MM:SS\", durations in minutes)."],
  ],
  hasSideEffects: true,
  run(sandbox, { event_id, field, new_value }) {
    if (!event_id || !field || !new_value) return "Event ID, field, or new value not provided.";
    const table = tableOf(sandbox, "calendar");
    if (!hasValue(table, "event_id", event_id)) return "Event not found.";
    const value = field === "participant_email" ? new_value.toLowerCase() : new_value;
    // Any field name is accepted: an unknown one adds a column (NaN in the other rows), as in pandas.
    sandbox.replaceTable(updateWhere(table, "event_id", event_id, field, value));
    return "Event updated successfully.";
  },
});

export const CALENDAR_TOOLS: readonly Tool[] = [
  getEventInformationById,
  searchEvents,
  createEvent,
  deleteEvent,
  updateEvent,
];
