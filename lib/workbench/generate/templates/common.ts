// Small pieces most templates share: picking a colleague the task can name, and the date phrases.
import { addDays, spokenDate } from "../dates";
import type { Person } from "../world/types";
import type { TemplateContext } from "./context";
import { personRef } from "./find";

export interface NamedPerson {
  readonly person: Person;
  /** How the task text names them (first name, or full name when the first name is shared). */
  readonly ref: string;
}

export function pickPerson(ctx: TemplateContext, candidates: readonly Person[] = ctx.world.people, exclude: readonly string[] = []): NamedPerson | null {
  const pool = candidates.filter((person) => !exclude.includes(person.email));
  if (pool.length === 0) return null;
  const person = ctx.rng.pick(pool);
  const ref = personRef(ctx, person);
  return ref ? { person, ref } : null;
}

export const TOMORROW = "2023-12-01";
export const say = spokenDate;

/** A weekday in the future (December), for bookings. */
export function futureWeekday(ctx: TemplateContext): string {
  for (;;) {
    const date = addDays("2023-12-01", ctx.rng.int(0, 27));
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6) return date;
  }
}

export const MEETING_TITLES = ["Coffee chat", "Contract check", "Roadmap questions", "Demo dry run", "Budget catch-up", "Hiring debrief", "Launch prep"];
export const SUBJECTS = ["Quick question", "Next steps", "Schedule for next week", "Thanks for today", "Draft for review"];
export const BODIES = [
  "Could you send me the latest figures when you have a moment?",
  "Thanks for the help this week, it made a real difference.",
  "Can we move our chat to later in the week?",
  "Please review the draft before Friday.",
];
