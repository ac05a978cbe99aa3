// Customers. Internally consistent: every note is dated on or before the last contact date, the
// follow-up comes after it, and the assignee is a salesperson in the directory.
import { addDays } from "../dates";
import type { Rng } from "../random";
import { asciiName } from "./people";
import { COMPANY_WORDS } from "./vocabulary";
import { createInterner, flat } from "./compact";
import { PRODUCTS, STATUSES, byColumns, id8, type Person, type Row } from "./types";

const NOTE_EVENTS = ["Had a call.", "Sent a proposal.", "Saw the demo.", "Asked for pricing.", "Met at a trade show."];

export function generateCustomers(rng: Rng, count: number, sales: readonly Person[], distractors: number): Row[] {
  const rows: Row[] = [];
  const names = new Set<string>();
  const firsts: string[] = [];
  const intern = createInterner();
  while (rows.length < count) {
    const first = firsts.length > 0 && rng.chance(distractors / 2) ? rng.pick(firsts) : asciiName(() => rng.faker.person.firstName());
    const last = asciiName(() => rng.faker.person.lastName());
    const name = `${first} ${last}`;
    if (names.has(name)) continue;
    names.add(name);
    firsts.push(first);
    const lastContact = addDays("2023-09-01", rng.int(0, 90));
    const notes = Array.from({ length: rng.int(1, 3) }, (_, i) => `${i === 0 ? lastContact : addDays(lastContact, -rng.int(1, 40))}: ${rng.pick(NOTE_EVENTS)} `);
    const company = `${rng.pick(COMPANY_WORDS)}${rng.pick(["labs", "works", "systems", "foods", "media", "logistics"])}`;
    // Every column in one literal, in the table's order (compact objects that the sandbox shares).
    rows.push({
      customer_id: "",
      assigned_to_email: rng.pick(sales).email,
      customer_name: flat(name),
      customer_email: `${first}.${last}@${company}.com`.toLowerCase(),
      customer_phone: rng.chance(0.7) ? flat(`${rng.int(201, 989)}-${rng.int(200, 999)}-${String(rng.int(0, 9999)).padStart(4, "0")}`) : "",
      last_contact_date: intern(lastContact),
      product_interest: rng.pick(PRODUCTS),
      status: rng.pick(STATUSES),
      follow_up_by: intern(addDays(lastContact, rng.int(7, 45))),
      notes: flat(notes.join("")),
    });
  }
  const ids = rng.shuffle(rows.map((_, index) => index + 1));
  rows.forEach((row, index) => (row.customer_id = id8(ids[index] as number)));
  return rows.sort(byColumns("-last_contact_date", "customer_id"));
}
