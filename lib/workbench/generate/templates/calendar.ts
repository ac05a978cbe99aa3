// Calendar templates. Events are found with search_events (five per page, calendar order); a day with
// more than five meetings is read in pages. Meetings run 09:00-18:00; "now" is 2023-11-30 00:00.
import { addDays, minutesToTime, timeToMinutes } from "../dates";
import type { Cell } from "../../sandbox/types";
import { MEETING_TITLES, TOMORROW, futureWeekday, pickPerson, say } from "./common";
import { call, type TemplateContext } from "./context";
import { allEvents, cell, eventsOnDay, personByEmail } from "./find";
import { firstFreeOnDay } from "./free-time";
import { peopleMeetingSoon } from "./pick";
import type { Template } from "./types";

const C = "calendar";
const SEARCH = "calendar.search_events";
const LOOKUP = "company_directory.find_email_address";
const NOW = "2023-11-30 00:00:00";
/** Before any generated meeting at any scale (the past grows back with the scale). */
const EARLIEST = "1900-01-01 00:00:00";
type Ev = Record<string, Cell>;

/** The one meeting with exactly that name on a day (one row per meeting); null when there are more. */
export function meetingOnDay(ctx: TemplateContext, name: string, date: string): Ev | null {
  const rows = eventsOnDay(ctx, date, name)?.filter((row) => cell(row.event_name) === name);
  return rows?.length === 1 ? (rows[0] as Ev) : null;
}

function pickMeeting(ctx: TemplateContext, future = false) {
  const pool = ctx.world.calendar.filter((row) => !future || (row.event_start as string) > NOW);
  const row = ctx.rng.pick(pool);
  const date = (row.event_start as string).slice(0, 10);
  const found = meetingOnDay(ctx, row.event_name as string, date);
  return found ? { name: row.event_name as string, date, row: found } : null;
}

const ids = (rows: readonly Ev[]) => rows.map((row) => cell(row.event_id));

export const CALENDAR_TEMPLATES: Template[] = [
  {
    id: "calendar.cancel-next-with", domain: C, toolkits: ["calendar"], writes: ["calendar"],
    text: "Cancel my next meeting with {name}",
    tools: [LOOKUP, SEARCH, "calendar.delete_event"],
    ambiguity: "The earliest future event with the participant; rejected if two share that start.",
    instantiate(ctx) {
      const p = pickPerson(ctx, peopleMeetingSoon(ctx));
      const rows = p && allEvents(ctx, p.person.email, NOW, "2024-12-31 23:59:59");
      const next = rows?.[0];
      if (!p || !next || cell(rows?.[1]?.event_start) === cell(next.event_start)) return null;
      return { text: `Cancel my next meeting with ${p.ref}`, calls: [call("calendar.delete_event", { event_id: cell(next.event_id) })] };
    },
  },
  {
    id: "calendar.delete-last-with", domain: C, toolkits: ["calendar"], writes: ["calendar"],
    text: "Remove my most recent past meeting with {name} from the calendar",
    tools: [LOOKUP, SEARCH, "calendar.delete_event"],
    ambiguity: "Pages forward to the last event before now; ties on start time are rejected. Needs paging past 5 results.",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      const rows = p && allEvents(ctx, p.person.email, EARLIEST, "2023-11-29 23:59:59");
      const last = rows?.[rows.length - 1];
      if (!p || !rows || !last || rows.length <= 5 || cell(rows[rows.length - 2]?.event_start) === cell(last.event_start)) return null;
      return { text: `Remove my most recent past meeting with ${p.ref} from the calendar`, calls: [call("calendar.delete_event", { event_id: cell(last.event_id) })] };
    },
  },
  {
    id: "calendar.book-at", domain: C, toolkits: ["calendar"], writes: ["calendar"],
    text: "Book a {minutes}-minute meeting called '{title}' with {name} on {date} at {time}",
    tools: [LOOKUP, "calendar.create_event"],
    ambiguity: "Every field is given; only the address needs the directory (one match).",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      if (!p) return null;
      const minutes = ctx.rng.pick([30, 60]);
      const date = futureWeekday(ctx);
      const time = minutesToTime(9 * 60 + 30 * ctx.rng.int(0, 14));
      const title = ctx.rng.pick(MEETING_TITLES);
      return {
        text: `Book a ${minutes}-minute meeting called '${title}' with ${p.ref} on ${say(date)} at ${time.slice(0, 5)}`,
        calls: [call("calendar.create_event", { event_name: title, participant_email: p.person.email, event_start: `${date} ${time}`, duration: String(minutes) })],
      };
    },
  },
  {
    id: "calendar.book-first-free", domain: C, toolkits: ["calendar"], writes: ["calendar"],
    text: "Schedule a 30-minute '{title}' with {name} at the first time I'm free on {date}",
    tools: [LOOKUP, SEARCH, "calendar.create_event"],
    ambiguity: "Free time is computed from every event of the day (paged); a full day is rejected.",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      const date = ctx.rng.chance(0.3) ? TOMORROW : futureWeekday(ctx);
      const slot = p && firstFreeOnDay(ctx, date, 30);
      if (!p || !slot) return null;
      const title = ctx.rng.pick(MEETING_TITLES);
      return {
        text: `Schedule a 30-minute '${title}' with ${p.ref} at the first time I'm free on ${say(date)}`,
        calls: [call("calendar.create_event", { event_name: title, participant_email: p.person.email, event_start: `${date} ${slot}`, duration: "30" })],
      };
    },
  },
  {
    id: "calendar.rename-meeting", domain: C, toolkits: ["calendar"], writes: ["calendar"],
    text: "Rename the '{event}' meeting on {date} to '{new}'",
    tools: [SEARCH, "calendar.update_event"],
    ambiguity: "Exact name (near-duplicates like '… prep' do not count) and a single meeting of that name that day.",
    instantiate(ctx) {
      const m = pickMeeting(ctx);
      const title = ctx.rng.pick(MEETING_TITLES);
      if (!m || title === m.name) return null;
      return { text: `Rename the '${m.name}' meeting on ${say(m.date)} to '${title}'`, calls: [call("calendar.update_event", { event_id: cell(m.row.event_id), field: "event_name", new_value: title })] };
    },
  },
  {
    id: "calendar.push-back", domain: C, toolkits: ["calendar"], writes: ["calendar"],
    text: "Push the '{event}' meeting on {date} back by {minutes} minutes",
    tools: [SEARCH, "calendar.update_event"],
    ambiguity: "One meeting by exact name and day; rejected if the new end passes 18:00.",
    instantiate(ctx) {
      const m = pickMeeting(ctx, true);
      const shift = ctx.rng.pick([30, 60]);
      const first = m?.row;
      if (!m || !first) return null;
      const start = timeToMinutes(cell(first.event_start)) + shift;
      if (start + Number(cell(first.duration)) > 18 * 60) return null;
      const value = `${m.date} ${minutesToTime(start)}`;
      return { text: `Push the '${m.name}' meeting on ${say(m.date)} back by ${shift} minutes`, calls: [call("calendar.update_event", { event_id: cell(first.event_id), field: "event_start", new_value: value })] };
    },
  },
  {
    id: "calendar.change-length", domain: C, toolkits: ["calendar"], writes: ["calendar"],
    text: "Make the '{event}' meeting on {date} last {minutes} minutes",
    tools: [SEARCH, "calendar.update_event"],
    ambiguity: "One meeting by exact name and day; the new length differs from the old and ends by 18:00.",
    instantiate(ctx) {
      const m = pickMeeting(ctx, true);
      const minutes = ctx.rng.pick([30, 45, 60, 90]);
      const first = m?.row;
      if (!m || !first || String(minutes) === cell(first.duration) || timeToMinutes(cell(first.event_start)) + minutes > 18 * 60) return null;
      return { text: `Make the '${m.name}' meeting on ${say(m.date)} last ${minutes} minutes`, calls: [call("calendar.update_event", { event_id: cell(first.event_id), field: "duration", new_value: String(minutes) })] };
    },
  },
  {
    id: "calendar.swap-participant", domain: C, toolkits: ["calendar"], writes: ["calendar"],
    text: "{other} is taking {name}'s place in the '{event}' meeting on {date}: update the invite",
    tools: [LOOKUP, SEARCH, "calendar.update_event"],
    ambiguity: "One meeting of that name that day, with the replaced person; the newcomer is someone else.",
    instantiate(ctx) {
      const m = pickMeeting(ctx, true);
      if (!m) return null;
      const row = m.row;
      const out = personByEmail(ctx, cell(row.participant_email));
      const outRef = out && pickPerson(ctx, [out]);
      const inRef = pickPerson(ctx, undefined, [cell(row.participant_email)]);
      if (!outRef || !inRef) return null;
      return {
        text: `${inRef.ref} is taking ${outRef.ref}'s place in the '${m.name}' meeting on ${say(m.date)}: update the invite`,
        calls: [call("calendar.update_event", { event_id: cell(row.event_id), field: "participant_email", new_value: inRef.person.email })],
      };
    },
  },
  {
    id: "calendar.clear-week-with", domain: C, toolkits: ["calendar"], writes: ["calendar"], mayNeedNoAction: true,
    text: "Cancel all my meetings with {name} in the week of {date}",
    tools: [LOOKUP, SEARCH, "calendar.delete_event"],
    ambiguity: "Monday 00:00 to Friday 23:59 inclusive; a week without meetings needs no action.",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      const monday = addDays("2023-12-04", 7 * ctx.rng.int(0, 3));
      const rows = p && allEvents(ctx, p.person.email, `${monday} 00:00:00`, `${addDays(monday, 4)} 23:59:59`);
      if (!p || !rows || rows.length > ctx.params.chainLength + 1) return null;
      return { text: `Cancel all my meetings with ${p.ref} in the week of ${say(monday)}`, calls: ids(rows).map((id) => call("calendar.delete_event", { event_id: id })) };
    },
  },
  {
    id: "calendar.if-busy-else-book", domain: C, toolkits: ["calendar"], writes: ["calendar"], conditional: true,
    text: "If a meeting of mine starts at {time} on {date}, cancel it; otherwise book '{title}' with {name} then for 30 minutes",
    tools: [LOOKUP, SEARCH, "calendar.delete_event", "calendar.create_event"],
    ambiguity: "Only a meeting starting at that exact minute counts; two meetings at that minute are rejected ('cancel it'); both branches act.",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      const date = futureWeekday(ctx);
      const time = minutesToTime(9 * 60 + 30 * ctx.rng.int(0, 16));
      const stamp = `${date} ${time}`;
      const rows = p && allEvents(ctx, "", stamp, stamp);
      if (!p || !rows || rows.length > 1) return null;
      const title = ctx.rng.pick(MEETING_TITLES);
      const calls = rows.length
        ? ids(rows).map((id) => call("calendar.delete_event", { event_id: id }))
        : [call("calendar.create_event", { event_name: title, participant_email: p.person.email, event_start: stamp, duration: "30" })];
      return { text: `If a meeting of mine starts at ${time.slice(0, 5)} on ${say(date)}, cancel it; otherwise book '${title}' with ${p.ref} then for 30 minutes`, calls };
    },
  },
  {
    id: "calendar.how-many-on-day", domain: C, toolkits: ["calendar"], writes: [], mayNeedNoAction: true,
    text: "How many meetings are on my calendar for {date}?",
    tools: [SEARCH, "calendar.get_event_information_by_id"],
    ambiguity: "A question: the correct outcome is an unchanged sandbox.",
    instantiate(ctx) {
      const date = (ctx.rng.pick(ctx.world.calendar).event_start as string).slice(0, 10);
      const rows = eventsOnDay(ctx, date);
      const first = rows?.[0];
      if (!rows) return null;
      if (first) ctx.read("calendar.get_event_information_by_id", { event_id: cell(first.event_id), field: "event_name" });
      return { text: `How many meetings are on my calendar for ${say(date)}?`, calls: [] };
    },
  },
  {
    id: "calendar.daily-series", domain: C, toolkits: ["calendar"], writes: ["calendar"],
    text: "Set up a 30-minute '{title}' with {name} at {time} every weekday from {from} to {to}",
    tools: [LOOKUP, "calendar.create_event"],
    ambiguity: "One event per weekday in the range, created in date order (ids follow the order).",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      const from = futureWeekday(ctx);
      const dates: string[] = [];
      for (let date = from; dates.length < ctx.params.chainLength; date = addDays(date, 1)) {
        const day = new Date(`${date}T00:00:00Z`).getUTCDay();
        if (day !== 0 && day !== 6) dates.push(date);
      }
      if (!p) return null;
      const time = minutesToTime(9 * 60 + 30 * ctx.rng.int(0, 16));
      const title = ctx.rng.pick(MEETING_TITLES);
      return {
        text: `Set up a 30-minute '${title}' with ${p.ref} at ${time.slice(0, 5)} every weekday from ${say(from)} to ${say(dates[dates.length - 1] as string)}`,
        calls: dates.map((date) => call("calendar.create_event", { event_name: title, participant_email: p.person.email, event_start: `${date} ${time}`, duration: "30" })),
      };
    },
  },
];
