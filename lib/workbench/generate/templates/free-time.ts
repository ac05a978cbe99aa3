// The one rule for "when am I free": a slot is free when no event of the day overlaps it (an event
// ending at the slot's start does not), slots start on the half hour from 09:00 and end by 18:00, and
// the day must be read in full through the search tool: a day the tool cannot page through is never
// taken as empty (the instance is rejected instead).
import type { Cell } from "../../sandbox/types";
import { minutesToTime, timeToMinutes } from "../dates";
import type { TemplateContext } from "./context";
import { cell, eventsOnDay } from "./find";

type Ev = Record<string, Cell>;
export const DAY_START = 9 * 60;
export const DAY_END = 18 * 60;

/** True when [start, start + minutes) overlaps none of the events. */
export function isFree(events: readonly Ev[], start: number, minutes: number): boolean {
  return events.every((event) => {
    const from = timeToMinutes(cell(event.event_start));
    return start + minutes <= from || start >= from + Number(cell(event.duration));
  });
}

/** First free half-hour-aligned slot of `minutes` from 09:00 ("HH:MM:SS"), or null on a full day. */
export function firstFreeSlot(events: readonly Ev[], minutes: number): string | null {
  for (let start = DAY_START; start + minutes <= DAY_END; start += 30) {
    if (isFree(events, start, minutes)) return minutesToTime(start);
  }
  return null;
}

/** The first free slot on a date, read through the tools; null when the day cannot be read or is full. */
export function firstFreeOnDay(ctx: TemplateContext, date: string, minutes: number): string | null {
  const events = eventsOnDay(ctx, date);
  return events ? firstFreeSlot(events, minutes) : null;
}
