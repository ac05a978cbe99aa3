// Reads the benchmark's CSV files with csv-parse, keeping each record's starting line for errors.
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { DatasetError } from "./errors";

export interface CsvRecords {
  readonly columns: readonly string[];
  readonly records: readonly Readonly<Record<string, string>>[];
  /** 1-based line where each record starts. */
  readonly lines: readonly number[];
}

export async function readFileOrThrow(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : String(error);
    throw new DatasetError("missing_file", file, null, reason);
  }
}

/** Parses text with a header row; every column of `required` must be present. */
export function parseCsvWithHeader(file: string, text: string, required: readonly string[]): CsvRecords {
  const rows = parseRows(file, text);
  const header = rows[0]?.record;
  if (!header) throw new DatasetError("bad_csv", file, 1, "empty file (no header row)");
  for (const column of required) {
    if (!header.includes(column)) throw new DatasetError("missing_column", file, 1, `missing column "${column}"`);
  }
  const body = rows.slice(1);
  const records = body.map(({ record }) => Object.fromEntries(header.map((column, i) => [column, record[i] ?? ""])));
  return { columns: header, records, lines: body.map((row) => row.line) };
}

/** Parses text without a header (the company directory): one array of fields per record. */
export function parseCsvRows(file: string, text: string): { record: string[]; line: number }[] {
  return parseRows(file, text);
}

function parseRows(file: string, text: string): { record: string[]; line: number }[] {
  let parsed: InfoRecord[];
  try {
    // With `info: true` csv-parse returns { record, info } objects, which its typings do not express.
    const output: unknown[] = parse(text, { info: true, bom: true, skip_empty_lines: true });
    parsed = output.filter(isInfoRecord);
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === "number" ? ((error as { lines: number }).lines) : null;
    throw new DatasetError("bad_csv", file, line, (error as Error).message);
  }
  // info.lines is the line a record ends on; the next record starts on the following line.
  let previousEnd = 0;
  return parsed.map(({ record, info }) => {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    return { record, line };
  });
}

interface InfoRecord {
  readonly record: string[];
  readonly info: { readonly lines: number };
}

function isInfoRecord(value: unknown): value is InfoRecord {
  return typeof value === "object" && value !== null && "record" in value && "info" in value;
}
