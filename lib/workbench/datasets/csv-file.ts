// Reads the benchmark's CSV files, keeping each record's starting line for errors: the fast scan
// (csv-scan.ts) for plain RFC 4180 files, csv-parse for anything else (and for its precise errors).
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { scanCsv } from "./csv-scan";
import { DatasetError } from "./errors";

export interface CsvRecords {
  readonly columns: readonly string[];
  readonly records: readonly Readonly<Record<string, string>>[];
  /** 1-based line where each record starts. */
  readonly lines: readonly number[];
}

/**
 * The file's text. Invalid UTF-8 and NUL bytes are refused with their line: decoding would silently
 * turn the first into U+FFFD, and PostgreSQL rejects the second deep inside an import.
 */
export async function readFileOrThrow(file: string): Promise<string> {
  return decodeStrictUtf8(file, await readBytesOrThrow(file));
}

/** The file's bytes; a missing or unreadable file is a DatasetError naming it. */
export async function readBytesOrThrow(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : String(error);
    throw new DatasetError("missing_file", file, null, reason);
  }
}

const lineAt = (bytes: Uint8Array, offset: number) => bytes.subarray(0, offset).filter((byte) => byte === 0x0a).length + 1;

export function decodeStrictUtf8(file: string, bytes: Uint8Array): string {
  const nul = bytes.indexOf(0);
  if (nul !== -1) throw new DatasetError("bad_encoding", file, lineAt(bytes, nul), "NUL byte (binary data is not a CSV file)");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new DatasetError("bad_encoding", file, lineAt(bytes, firstInvalidUtf8(bytes)), "invalid UTF-8 (save the file as UTF-8)");
  }
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  // Lines are independent for UTF-8 (0x0a never occurs inside a sequence): find the first bad line.
  let start = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end === -1 ? bytes.length : end;
    try {
      decoder.decode(bytes.subarray(start, stop));
    } catch {
      return start;
    }
    start = stop + 1;
  }
  return 0;
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

/** Benchmark files are never empty: a header-only file is a truncated copy, not "no tasks". */
export function requireDataRows(file: string, parsed: CsvRecords): CsvRecords {
  if (parsed.records.length === 0) throw new DatasetError("bad_csv", file, 1, "header only: the file has no data rows");
  return parsed;
}

/** Parses text without a header (the company directory): one array of fields per record. */
export function parseCsvRows(file: string, text: string): { record: string[]; line: number }[] {
  return parseRows(file, text);
}

function parseRows(file: string, text: string): { record: string[]; line: number }[] {
  const scan = scanCsv(text);
  if (scan) {
    const width = scan.header.length;
    const rows = [{ record: [...scan.header], line: 1 }];
    for (let row = 0; row < scan.rowCount; row += 1) {
      rows.push({ record: Array.from({ length: width }, (_, column) => scan.field(row, column)), line: scan.line(row) });
    }
    return rows;
  }
  return parseRowsWithCsvParse(file, text);
}

function parseRowsWithCsvParse(file: string, text: string): { record: string[]; line: number }[] {
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
