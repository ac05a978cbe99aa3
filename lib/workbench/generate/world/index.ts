// Builds the whole workplace from one seed at one scale, then the engine's SandboxData from it (the same
// cells the CSV loader would produce from the written files).
import { cellFromCsv, tableFromRecords } from "../../sandbox/table";
import type { Cell, SandboxData, Table, TableName } from "../../sandbox/types";
import { SANDBOX_FILES } from "../../datasets/load-sandbox";
import type { GenerateParams } from "../params";
import type { Rng } from "../random";
import { generateVisits } from "./analytics";
import { generateCalendar } from "./calendar";
import { generateCustomers } from "./crm";
import { generateEmails } from "./email";
import { generatePeople } from "./people";
import { generateProjectTasks } from "./projects";
import { COMPANY_WORDS } from "./vocabulary";
import { WORLD_ROWS, type Person, type Row, type World } from "./types";

const BASE_SIZES = { people: 20, calendar: 300, email: 500, analytics: 1000, crm: 200, projectTasks: 300 };

export function generateWorld(rng: Rng, params: Pick<GenerateParams, "scale" | "distractors">): World {
  const size = (base: number) => Math.max(10, Math.round(base * params.scale));
  const companyDomain = `${rng.pick(COMPANY_WORDS)}${rng.pick(["hq", "co", "group", "works"])}.com`;
  const user = { first: rng.pick(["Sam", "Alex", "Jordan", "Robin", "Casey"]) };
  const people = generatePeople(rng, Math.max(9, Math.round(BASE_SIZES.people * params.scale)), companyDomain, params.distractors);
  const contacts = people.filter((_, index) => index % 4 !== 3 || index < 6); // most colleagues; some never write
  const builders = people.filter((person) => person.team !== "sales");
  const sales = people.filter((person) => person.team === "sales");
  const projectTasks = generateProjectTasks(rng, size(BASE_SIZES.projectTasks), builders);
  const calendar = generateCalendar(rng, size(BASE_SIZES.calendar), contacts, params.distractors, params.scale);
  const email = generateEmails(rng, size(BASE_SIZES.email), {
    user: user.first,
    contacts,
    taskNamesByEmail: namesBy(projectTasks, "assigned_to_email", "task_name"),
    eventNamesByEmail: namesBy(calendar, "participant_email", "event_name"),
  }, params.scale);
  const analytics = generateVisits(rng, size(BASE_SIZES.analytics));
  const crm = generateCustomers(rng, size(BASE_SIZES.crm), sales, params.distractors);
  return { companyDomain, user, people, calendar, email, analytics, crm, projectTasks };
}

function namesBy(rows: readonly Row[], key: string, value: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const row of rows) {
    const list = out.get(row[key] as string) ?? [];
    list.push(row[value] as string);
    out.set(row[key] as string, list);
  }
  return out;
}

export function worldToSandbox(world: World): SandboxData {
  const tables = {} as Record<TableName, Table>;
  for (const { table, columns } of SANDBOX_FILES) {
    const rows = world[WORLD_ROWS[table]];
    tables[table] = { name: table, columns: [...columns], rows: rows.map((row, label) => ({ label, values: sandboxCells(row, columns) })) };
  }
  tables.plots = tableFromRecords("plots", ["file_path"], []);
  return { tables, directory: world.people.map((person: Person) => person.email) };
}

/**
 * The row's cells as the CSV loader would hold them (tableFromRecords of cellFromCsv). Tables are
 * immutable, so a world row that already has exactly the columns, in order, and no cell the loader
 * reads as NaN ("" for a missing phone) is shared as it is instead of copied: at 1000× a copy of every
 * row was a third of the workplace's memory.
 */
function sandboxCells(row: Row, columns: readonly string[]): Record<string, Cell> {
  let index = 0;
  let shareable = true;
  for (const key in row) {
    const cell = row[key] as string;
    if (key !== columns[index] || cellFromCsv(cell) !== cell) {
      shareable = false;
      break;
    }
    index++;
  }
  if (shareable && index === columns.length) return row;
  const cells: Record<string, Cell> = {};
  for (const column of columns) cells[column] = cellFromCsv(row[column] ?? "");
  return cells;
}
