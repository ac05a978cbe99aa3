// The generated workplace before it becomes sandbox tables: plain string records in the official
// column order, plus who is who. Everything here is derived from the seed.
import type { SandboxFileTable } from "../../datasets/load-sandbox";

export type Row = Record<string, string>;

export interface Person {
  readonly first: string;
  readonly last: string;
  /** first.last@<company domain>, lower case (the directory's form). */
  readonly email: string;
  readonly team: "engineering" | "sales" | "operations";
}

export interface World {
  readonly companyDomain: string;
  /** The user the agent works for (never in the directory, as in the paper). */
  readonly user: { readonly first: string };
  readonly people: readonly Person[];
  readonly calendar: readonly Row[];
  readonly email: readonly Row[];
  readonly analytics: readonly Row[];
  readonly crm: readonly Row[];
  readonly projectTasks: readonly Row[];
}

/** Where the world keeps each sandbox table's rows (the files and columns are the loader's: SANDBOX_FILES). */
export const WORLD_ROWS = {
  calendar: "calendar",
  email: "email",
  analytics: "analytics",
  project_tasks: "projectTasks",
  crm: "crm",
} as const satisfies Record<SandboxFileTable, keyof World>;

export const STATUSES = ["Qualified", "Won", "Lost", "Lead", "Proposal"] as const;
export const PRODUCTS = ["Software", "Hardware", "Services", "Consulting", "Training"] as const;
export const LISTS = ["Backlog", "In Progress", "In Review", "Completed"] as const;
export const BOARDS = ["Back end", "Front end", "Design"] as const;
export const TRAFFIC_SOURCES = ["direct", "referral", "search engine", "social media"] as const;

/** Zero-padded 8-digit id, as the official tables write them. */
export const id8 = (n: number) => String(n).padStart(8, "0");

/** Sorts rows by string columns in turn ("-column" for descending). */
export function byColumns(...columns: string[]): (a: Row, b: Row) => number {
  return (a, b) => {
    for (const spec of columns) {
      const descending = spec.startsWith("-");
      const column = descending ? spec.slice(1) : spec;
      const x = a[column] ?? "";
      const y = b[column] ?? "";
      if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1);
    }
    return 0;
  };
}
