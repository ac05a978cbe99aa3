// A database refusal of an import in words: the one-line reason PostgreSQL (through Prisma and its
// driver adapter) refused a write, by its SQLSTATE or Prisma code, instead of "Value out of range" or
// "Raw query failed. Code 22P05" with the driver's text. The importers check what they can first (numbers
// bounded, NUL characters refused, each naming the sample); this is for whatever still reaches the database.
import { causes, isTransientDbError } from "@/lib/db-retry";

/** SQLSTATE → what it means for the file being imported. */
const SQLSTATE_REASONS: Readonly<Record<string, string>> = {
  "22P05": "a text holds a NUL character (\\u0000), which PostgreSQL cannot store",
  "22021": "a text holds a NUL character (\\u0000) or bytes that are not UTF-8, which PostgreSQL cannot store",
  "22003": "a number is too large for its column",
  "22001": "a text is too long for its column",
  "22P02": "a value has the wrong form for its column",
  "22007": "a date or time is not valid",
  "22008": "a date or time is out of range",
  "23505": "a row with the same key is already stored",
  "23503": "a row refers to something the database does not hold (was it deleted meanwhile?)",
  "23502": "a required value is missing",
  "54000": "a value is too large for the database to store or index",
  "53100": "the database's disk is full",
  "53200": "the database ran out of memory",
  "40001": "the write conflicted with another one; try again",
  "40P01": "the write deadlocked with another one; try again",
  "57014": "the write took longer than the database allows",
};

/** Prisma's own codes for the same refusals (when it names no SQLSTATE). */
const PRISMA_REASONS: Readonly<Record<string, string>> = {
  P2000: "a text is too long for its column",
  P2002: "a row with the same key is already stored",
  P2003: "a row refers to something the database does not hold (was it deleted meanwhile?)",
  P2011: "a required value is missing",
  P2020: "a number is too large for its column",
  P2023: "a value has the wrong form for its column",
  P2028: "the import took longer than its transaction allows",
  P2034: "the write conflicted with another one; try again",
};

const SQLSTATE = /^[0-9A-Z]{5}$/;
const CODE_IN_MESSAGE = /Code:? `?([0-9A-Z]{5})`?/;

/** The reason in words when `error` is a refusal by the database; null when it is something else. */
export function databaseRefusalReason(error: unknown): string | null {
  if (isTransientDbError(error)) return "the database could not be reached or was restarting";
  let prismaReason: string | null = null;
  for (const part of causes(error)) {
    for (const code of [part.originalCode, part.code]) {
      if (typeof code !== "string") continue;
      if (SQLSTATE.test(code) && SQLSTATE_REASONS[code]) return SQLSTATE_REASONS[code];
      prismaReason ??= PRISMA_REASONS[code] ?? null;
    }
    const named = typeof part.message === "string" ? CODE_IN_MESSAGE.exec(part.message)?.[1] : undefined;
    if (named && SQLSTATE_REASONS[named]) return SQLSTATE_REASONS[named];
    if (typeof part.message === "string" && /Value out of range/i.test(part.message)) prismaReason ??= "a number is too large for its column";
  }
  if (prismaReason) return prismaReason;
  const name = error instanceof Error ? error.name : "";
  if (name === "PrismaClientValidationError") return "a value has the wrong type for its column";
  if (name.startsWith("PrismaClient") || name === "DriverAdapterError") return "the database refused the write";
  return null;
}
