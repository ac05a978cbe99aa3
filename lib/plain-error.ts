// Errors in words for the people who caused them: one line, no driver internals. Prisma's "Value out of
// range for the type", "Raw query failed. Code `22P05`", "Client has encountered a connection error and
// is not queryable" and zod's issue JSON reached users as they were. The CLI prints plainError(error)
// (the raw message and stack only with --verbose / WORKBENCH_DEBUG=1); web handlers can use it too.
// Duck-typed on names and codes: no Prisma or zod import, so any entry point may load it cheaply.
import { errorMessage } from "@/lib/errors";

/** PostgreSQL SQLSTATEs a user's input or situation can cause, in words. */
const SQLSTATE_WORDS: Readonly<Record<string, string>> = {
  "22001": "a text is longer than the database column allows",
  "22003": "a number is out of the range the database can store",
  "22P05": "a text holds a character the database cannot store (a NUL byte or an invalid escape)",
  "22021": "a text is not valid UTF-8",
  "22P02": "a value does not have the expected form (a number or an id)",
  "23505": "it already exists",
  "23503": "it refers to something that does not exist (or is still referred to)",
  "40001": "the database was busy with a conflicting change: try again",
  "40P01": "the database was busy with a conflicting change: try again",
  "53300": "the database has too many connections: try again shortly",
  "57014": "the database statement took too long and was stopped",
  "57P01": "the database was restarted: try again",
  "57P03": "the database is starting up: try again shortly",
};

/** Prisma's request-error codes a user can cause, in words. */
const PRISMA_WORDS: Readonly<Record<string, string>> = {
  P2000: "a value is longer than the database column allows",
  P2002: "it already exists",
  P2003: "it refers to something that does not exist (or is still referred to)",
  P2020: "a number is out of the range the database can store",
  P2025: "what it names was not found",
  P1001: "the database cannot be reached: is PostgreSQL running (DATABASE_URL)?",
  P1002: "the database did not answer in time",
  P1017: "the database closed the connection: try again",
  P2024: "no database connection was free in time: try again",
};

const CONNECTION_LOST = /not queryable|connection (?:error|terminated|refused)|ECONNREFUSED|ECONNRESET|Connection terminated/i;

interface ErrorShape {
  readonly name?: unknown;
  readonly code?: unknown;
  readonly message?: unknown;
  readonly issues?: unknown;
  readonly meta?: { readonly code?: unknown } | null;
  readonly cause?: unknown;
}

/** The SQLSTATE in a Prisma raw-query error ("Code: `22P05`") or a pg error's `code`. */
function sqlState(error: ErrorShape, message: string): string | null {
  if (typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code) && !/^P\d{4}$/.test(error.code)) return error.code;
  if (typeof error.meta?.code === "string") return error.meta.code;
  return /Code:? `?([0-9A-Z]{5})`?/.exec(message)?.[1] ?? null;
}

/** One line in words for `error`; null when it is not one of the internal kinds (its own message is fine). */
export function plainWordsFor(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const shape = error as ErrorShape;
  const name = typeof shape.name === "string" ? shape.name : "";
  const message = errorMessage(error);
  if (name === "ZodError" && Array.isArray(shape.issues)) {
    const issues = shape.issues as { path?: unknown[]; message?: string }[];
    return issues.map((issue) => `${issue.path?.length ? `${issue.path.join(".")}: ` : ""}${issue.message ?? "invalid"}`).join("; ");
  }
  const fromPrisma = name.startsWith("PrismaClient") || (typeof shape.code === "string" && /^P\d{4}$/.test(shape.code));
  const state = sqlState(shape, message);
  if (state && SQLSTATE_WORDS[state]) return `The database refused it: ${SQLSTATE_WORDS[state]}`;
  if (typeof shape.code === "string" && PRISMA_WORDS[shape.code]) return `The database refused it: ${PRISMA_WORDS[shape.code]}`;
  if (CONNECTION_LOST.test(message) && (fromPrisma || /pg|postgres|database/i.test(message) || name === "DriverAdapterError")) {
    return "The database connection was lost (was PostgreSQL restarted?): run the command again";
  }
  if (/Value out of range/i.test(message)) return `The database refused it: ${SQLSTATE_WORDS["22003"]}`;
  if (fromPrisma || name === "DriverAdapterError") return "The database refused the operation (run again with --verbose for its own words)";
  return null;
}

/** `error` as one line for people: plain words for database and validation internals, else its own message. */
export function plainError(error: unknown): string {
  return (plainWordsFor(error) ?? errorMessage(error)).replace(/\s*\n\s*/g, " ").trim();
}
