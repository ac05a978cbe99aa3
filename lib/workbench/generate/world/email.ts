// The user's mailbox up to November 29 (from October 1 at 1×; at scale s it reaches s times as far
// back, so a day holds as much mail as at 1×): mail from and to the same colleagues who attend the
// user's meetings, about their real project tasks and meetings. Bodies keep newlines as the two
// characters "\n", as the official table does.
import { addDays } from "../dates";
import type { Rng } from "../random";
import { EMAIL_TOPICS } from "./vocabulary";
import { createInterner, flat } from "./compact";
import { byColumns, id8, type Person, type Row } from "./types";

const EMAIL_LAST_DAY = "2023-11-29";
const DAYS_1X = 60; // 2023-10-01 to 2023-11-29

export interface MailContext {
  readonly user: string;
  readonly contacts: readonly Person[];
  readonly taskNamesByEmail: ReadonlyMap<string, readonly string[]>;
  readonly eventNamesByEmail: ReadonlyMap<string, readonly string[]>;
}

export function generateEmails(rng: Rng, count: number, context: MailContext, scale: number): Row[] {
  const days = Math.max(DAYS_1X, Math.round(DAYS_1X * scale));
  const stamps = new Set<string>();
  const rows: Row[] = [];
  const intern = createInterner();
  while (rows.length < count) {
    const person = rng.pick(context.contacts);
    const stamp = `${addDays(EMAIL_LAST_DAY, -rng.int(0, days - 1))} ${two(rng.int(7, 20))}:${two(rng.int(0, 59))}:${two(rng.int(0, 59))}`;
    if (stamps.has(stamp)) continue;
    stamps.add(stamp);
    const inbox = rng.chance(0.7);
    const { subject, line } = message(rng, person, context);
    const body = inbox
      ? `Hi ${context.user},\\n\\n${line}\\n\\nBest,\\n${person.first}`
      : `Hi ${person.first},\\n\\n${line}\\n\\nThanks,\\n${context.user}`;
    // Every column in one literal, in the table's order (compact objects that the sandbox shares).
    rows.push({ email_id: "", "inbox/outbox": inbox ? "inbox" : "outbox", "sender/recipient": person.email, subject: intern(subject), sent_datetime: flat(stamp), body: flat(body) });
  }
  const ids = rng.shuffle(rows.map((_, index) => index + 1));
  rows.forEach((row, index) => (row.email_id = id8(ids[index] as number)));
  return rows.sort(byColumns("sent_datetime"));
}

function message(rng: Rng, person: Person, context: MailContext): { subject: string; line: string } {
  const tasks = context.taskNamesByEmail.get(person.email) ?? [];
  const events = context.eventNamesByEmail.get(person.email) ?? [];
  const kind = rng.int(0, 2);
  if (kind === 0 && tasks.length) {
    const task = rng.pick(tasks);
    return { subject: `Progress on ${task}`, line: `Quick note on '${task}': ${rng.pick(["it is nearly done", "I am blocked on a review", "I need another day", "it is ready for testing"])}.` };
  }
  if (kind === 1 && events.length) {
    const event = rng.pick(events);
    return { subject: `Notes from ${event}`, line: `Here are my notes from ${event}. ${rng.pick(["Let me know what you think.", "Two action items for us.", "Nothing urgent."])}` };
  }
  const topic = rng.pick(EMAIL_TOPICS);
  return { subject: `Question about ${topic}`, line: `Do you have a minute to talk about ${topic}? ${rng.pick(["No rush.", "Ideally this week.", "It came up in a meeting."])}` };
}

const two = (n: number) => String(n).padStart(2, "0");
