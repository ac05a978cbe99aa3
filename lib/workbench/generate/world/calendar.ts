// Meetings on weekdays between 09:00 and 18:00, each with one to three participants (one row per
// participant, as in the paper's table). With distractors some names get a near-duplicate suffix.
import { dateRange, isWeekend, minutesToTime } from "../dates";
import type { Rng } from "../random";
import { MEETING_HEADS, MEETING_SUFFIXES } from "./vocabulary";
import { byColumns, id8, type Person, type Row } from "./types";

export const CALENDAR_FIRST_DAY = "2023-08-01";
export const CALENDAR_LAST_DAY = "2023-12-29";

export function generateCalendar(rng: Rng, count: number, contacts: readonly Person[], distractors: number): Row[] {
  const days = dateRange(CALENDAR_FIRST_DAY, CALENDAR_LAST_DAY).filter((date) => !isWeekend(date));
  const meetings: Row[] = [];
  while (meetings.length < count) {
    const head = rng.pick(MEETING_HEADS);
    const name = rng.chance(distractors) ? `${head} ${rng.pick(MEETING_SUFFIXES)}` : head;
    const duration = rng.pick([30, 30, 60, 60, 90]);
    const startMinutes = 9 * 60 + 30 * rng.int(0, (18 * 60 - duration - 9 * 60) / 30);
    const start = `${rng.pick(days)} ${minutesToTime(startMinutes)}`;
    const participants = rng.shuffle(contacts).slice(0, rng.pick([1, 1, 1, 2, 3]));
    for (const person of participants) {
      if (meetings.length < count) meetings.push({ event_name: name, participant_email: person.email, event_start: start, duration: String(duration) });
    }
  }
  const ids = rng.shuffle(meetings.map((_, index) => index + 1));
  return meetings
    .map((meeting, index): Row => ({ event_id: id8(ids[index] as number), ...meeting }))
    .sort(byColumns("event_start", "event_id"));
}
