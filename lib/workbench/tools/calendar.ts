/** The calendar toolkit (5 tools) over the `calendar` table. */
import type { Tool } from "./types";
import type { Row, Table } from "../sandbox/types";
import { defineTool, type ToolArgs } from "./define-tool";
import { cellOf, concatRow, hasValue, rowRecord, updateWhere } from "../sandbox/table";
import { deleteById, informationById, nextId, pyStr, tableOf, textMatcher } from "./tool-helpers";
import { addMinutes, compareTimestamps, isClockRelative, parseTimestampCached as parseTimestamp, type ParsedTimestamp } from "./pandas-timestamp";
import { pythonInt } from "./python-int";
import { firstWithinOnePass } from "./first-within";
import { rememberedFilter } from "./remembered-filter";
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

function searchEventsRun(table: Table, { query = "", time_min, time_max }: ToolArgs, rules: ToolRules): unknown {
  let rows = rememberedFilter(table.rows, `event_name|participant_email\u0000${rules.textSearch}\u0000${query}`, () => {
    const contains = textMatcher(query, true, rules.textSearch, table.rows.length);
    const matches = (text: unknown) => typeof text === "string" && contains(text);
    return table.rows.filter((row) => matches(cellOf(row, "event_name")) || matches(cellOf(row, "participant_email")));
  });
  // 2024 filters on the start time for both bounds (its docstring says end time for time_min); 2026
  // compares time_min with start + int(duration) minutes (calendar.py:80-86). Both parse the bounds per
  // event, so an unparseable bound only raises when an event is left to filter: here a bound is parsed
  // when the first event is compared with it (a failed parse is not kept, so it raises again).
  const lowerOf = rules.eventTimeMin === "end" ? endOf : startOf;
  let min: ParsedTimestamp | undefined;
  let max: ParsedTimestamp | undefined;
  const afterMin = (row: Row) => (compareTimestamps(lowerOf(row), (min ??= parseTimestamp(time_min as string))) ?? -1) >= 0;
  const beforeMax = (row: Row) => (compareTimestamps(startOf(row), (max ??= parseTimestamp(time_max as string))) ?? 1) <= 0;
  if (time_min || time_max) {
    rows = firstWithinOnePass(rows, time_min ? afterMin : undefined, time_max ? beforeMax : undefined, 5);
  }
  if (!rows.length && rules.emptySearch === "message") return "No events found.";
  return rows.slice(0, 5).map((row) => rowRecord(table, row));
}

/** An event's start, parsed once per (immutable, shared) row: every bounded search reads every event's. */
function startOf(row: Row): ParsedTimestamp {
  let start = starts.get(row);
  if (start === undefined) {
    const text = pyStr(cellOf(row, "event_start"));
    start = parseTimestamp(text);
    if (!isClockRelative(text)) starts.set(row, start);
  }
  return start;
}

/**
 * Start + int(duration) minutes, once per row (like the start, not when it is clock-relative); a row
 * whose start or duration raises is not remembered (it raises again).
 */
function endOf(row: Row): ParsedTimestamp {
  let end = ends.get(row);
  if (end === undefined) {
    end = addMinutes(startOf(row), pythonInt(pyStr(cellOf(row, "duration"))));
    if (starts.has(row)) ends.set(row, end);
  }
  return end;
}

const starts = new WeakMap<Row, ParsedTimestamp>();
const ends = new WeakMap<Row, ParsedTimestamp>();

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
