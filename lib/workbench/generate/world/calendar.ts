// The user's calendar: one row per meeting (as in the official table, where every event has one
// participant), on weekdays between 09:00 and 18:00. Scale keeps the per-day density of the paper's
// table: the past reaches further back as the calendar grows (at 10× from 2020), and the future weeks
// (Nov 30 – Dec 29, where tasks book meetings) keep the 1× density so a day always has free time.
// With distractors some names get a near-duplicate suffix.
import { addDays, dateRange, isWeekend, minutesToTime } from "../dates";
import type { Rng } from "../random";
import { MEETING_HEADS, MEETING_SUFFIXES } from "./vocabulary";
import { createInterner, flat, numberText } from "./compact";
import { byColumns, id8, type Person, type Row } from "./types";

/** The first day of the 1× calendar; at scale s the past spans s times as many weekdays. */
export const CALENDAR_FIRST_DAY_1X = "2023-08-01";
export const CALENDAR_LAST_DAY = "2023-12-29";
const FIRST_FUTURE_DAY = "2023-11-30";

/** The first calendar day at a scale: the past's weekdays grow with the scale. */
export function calendarFirstDay(scale: number): string {
  const pastWeekdays = dateRange(CALENDAR_FIRST_DAY_1X, addDays(FIRST_FUTURE_DAY, -1)).filter((date) => !isWeekend(date)).length;
  const wanted = Math.max(pastWeekdays, Math.round(pastWeekdays * scale));
  let date = FIRST_FUTURE_DAY;
  for (let counted = 0; counted < wanted; ) {
    date = addDays(date, -1);
    if (!isWeekend(date)) counted++;
  }
  return date;
}

export function generateCalendar(rng: Rng, count: number, contacts: readonly Person[], distractors: number, scale: number): Row[] {
  const past = dateRange(calendarFirstDay(scale), addDays(FIRST_FUTURE_DAY, -1)).filter((date) => !isWeekend(date));
  const future = dateRange(FIRST_FUTURE_DAY, CALENDAR_LAST_DAY).filter((date) => !isWeekend(date));
  // Spread evenly over every weekday, so the future weeks get the 1× density too.
  const futureCount = Math.round((count * future.length) / (past.length + future.length));
  const meetings: Row[] = [];
  const intern = createInterner();
  for (let index = 0; index < count; index++) {
    const head = rng.pick(MEETING_HEADS);
    const name = rng.chance(distractors) ? `${head} ${rng.pick(MEETING_SUFFIXES)}` : head;
    const duration = rng.pick([30, 30, 60, 60, 90]);
    const startMinutes = 9 * 60 + 30 * rng.int(0, (18 * 60 - duration - 9 * 60) / 30);
    const day = rng.pick(index < futureCount ? future : past);
    const person = rng.pick(contacts);
    // Every column in one literal, in the table's order (compact objects that the sandbox shares).
    meetings.push({ event_id: "", event_name: intern(name), participant_email: person.email, event_start: flat(`${day} ${minutesToTime(startMinutes)}`), duration: numberText(duration) });
  }
  const ids = rng.shuffle(meetings.map((_, index) => index + 1));
  meetings.forEach((meeting, index) => (meeting.event_id = id8(ids[index] as number)));
  return meetings.sort(byColumns("event_start", "event_id"));
}
