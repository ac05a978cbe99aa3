// Project tasks on the three boards, assigned to engineering and operations people.
import type { Rng } from "../random";
import { addDays } from "../dates";
import { TASK_OBJECTS, TASK_VERBS } from "./vocabulary";
import { createInterner } from "./compact";
import { BOARDS, LISTS, byColumns, id8, type Person, type Row } from "./types";

const CONTEXTS = [
  "for partners", "in reports", "for mobile", "for admins", "in settings", "for the EU region", "in staging",
  "for enterprise plans", "in the editor", "for guests", "in onboarding", "for the beta", "in billing",
  "for accessibility", "in search", "for exports", "in the API", "for invoices", "in the inbox", "for teams",
];

// A bigger company has more product areas: past 1,000 tasks (beyond about 3×) names carry one, so a
// task name still mostly means one task at 100×.
const AREAS = [
  "Billing", "Search", "Checkout", "Payments", "Identity", "Reporting", "Messaging", "Catalog", "Shipping", "Support",
  "Analytics", "Onboarding", "Pricing", "Scheduling", "Inventory", "Compliance", "Marketplace", "Notifications", "Storage", "Integrations",
  "Admin", "Mobile", "Partners", "Security", "Payroll", "Forecasting", "Warehouse", "Loyalty", "Content", "Ads",
];

export function generateProjectTasks(rng: Rng, count: number, assignees: readonly Person[]): Row[] {
  const rows: Row[] = [];
  const intern = createInterner();
  for (let index = 0; index < count; index++) {
    const area = count > 1000 ? `${rng.pick(AREAS)}: ` : "";
    const base = `${area}${rng.pick(TASK_VERBS)} ${rng.pick(TASK_OBJECTS)}`;
    // Every column in one literal, in the table's order (compact objects that the sandbox shares).
    rows.push({
      task_id: "",
      task_name: intern(rng.chance(0.6) ? `${base} ${rng.pick(CONTEXTS)}` : base),
      assigned_to_email: rng.pick(assignees).email,
      list_name: rng.pick(LISTS),
      due_date: intern(addDays("2023-11-01", rng.int(0, 75))),
      board: rng.pick(BOARDS),
    });
  }
  const ids = rng.shuffle(rows.map((_, index) => index + 1));
  rows.forEach((row, index) => (row.task_id = id8(ids[index] as number)));
  return rows.sort(byColumns("due_date", "task_id"));
}
