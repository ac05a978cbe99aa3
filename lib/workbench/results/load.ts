// Loads the recorded agent outputs shipped with WorkBench:
// v1/data/results/<domain>/<model>_<all|domains>_<timestamp>.csv (query, function_calls, full_response, error).
import { readdir } from "node:fs/promises";
import path from "node:path";
import { parseCallList } from "../calls/call-list";
import { PythonSyntaxError } from "../calls/python-string";
import { parseCsvWithHeader, readFileOrThrow } from "../datasets/csv-file";
import { scanCsv } from "../datasets/csv-scan";
import { DatasetError } from "../datasets/errors";
import { DOMAINS, type Domain } from "../datasets/types";
import { parseFullResponse } from "./full-response";
import type { RecordedResult } from "./types";

const FILE_NAME = /^(.+)_(all|domains)_(\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2})\.csv$/;
const COLUMNS = ["query", "function_calls", "full_response", "error"];

/** Model, tool set and timestamp from a results file name; null when it does not follow the pattern. */
export function parseResultsFileName(file: string): { model: string; toolSet: "all" | "domains"; timestamp: string } | null {
  const match = FILE_NAME.exec(path.basename(file));
  if (!match) return null;
  return { model: match[1] as string, toolSet: match[2] as "all" | "domains", timestamp: match[3] as string };
}

/** The columns of each row, the big full_response one read only when asked for. */
interface ResultRows {
  readonly count: number;
  line(row: number): number;
  get(row: number, column: (typeof COLUMNS)[number]): string;
}

/**
 * The fast scan when the file is plain CSV (always, for the official files); csv-parse otherwise,
 * which also names the fault of a malformed file.
 */
function readRows(file: string, text: string): ResultRows {
  const scan = scanCsv(text);
  if (scan && COLUMNS.every((column) => scan.header.includes(column))) {
    const index = Object.fromEntries(COLUMNS.map((column) => [column, scan.header.indexOf(column)]));
    return { count: scan.rowCount, line: scan.line, get: (row, column) => scan.field(row, index[column] as number) };
  }
  const { records, lines } = parseCsvWithHeader(file, text, COLUMNS);
  return { count: records.length, line: (row) => lines[row] as number, get: (row, column) => records[row]?.[column] ?? "" };
}

export async function loadRecordedResultsFile(file: string, domain: Domain): Promise<RecordedResult[]> {
  const name = parseResultsFileName(file);
  if (!name) throw new DatasetError("bad_layout", file, null, "file name is not <model>_<all|domains>_<timestamp>.csv");
  const rows = readRows(file, await readFileOrThrow(file));
  return Array.from({ length: rows.count }, (_, index) => {
    // full_response is decoded and parsed on first read: scoring never needs it and it is most of the bytes.
    // Held weakly: an import reads a row's trace once, and keeping every parsed trace of a large file
    // alive until the whole file is written was most of its memory (a collected one is parsed again).
    let parsed: WeakRef<ReturnType<typeof parseFullResponse>> | undefined;
    const response = () => {
      const cached = parsed?.deref();
      if (cached) return cached;
      const fresh = parseFullResponse(rows.get(index, "full_response"));
      parsed = new WeakRef(fresh);
      return fresh;
    };
    let line: number | undefined;
    const lineOf = () => (line ??= rows.line(index));
    return {
      domain,
      model: name.model,
      toolSet: name.toolSet,
      query: rows.get(index, "query"),
      calls: readCalls(file, lineOf, rows.get(index, "function_calls")),
      error: rows.get(index, "error"),
      get steps() {
        return response().steps;
      },
      get finalOutput() {
        return response().finalOutput;
      },
      get finalTurn() {
        return response().finalTurn;
      },
      file,
      get line() {
        return lineOf();
      },
    };
  });
}

/** Every results file under `<resultsDir>/<domain>/`, in domain then file-name order. */
export async function loadRecordedResultsDir(resultsDir: string): Promise<RecordedResult[]> {
  const perDomain = await Promise.all(DOMAINS.map(async (domain) => loadRecordedResultsFiles(await recordedResultsFiles(resultsDir, domain), domain)));
  const results = perDomain.flat();
  if (results.length === 0) throw noResultsFiles(resultsDir);
  return results;
}

/** One domain's results files (as recordedResultsFiles lists them), their rows in file order. */
export async function loadRecordedResultsFiles(files: readonly string[], domain: Domain): Promise<RecordedResult[]> {
  return (await Promise.all(files.map((file) => loadRecordedResultsFile(file, domain)))).flat();
}

export const noResultsFiles = (resultsDir: string) => new DatasetError("bad_layout", resultsDir, null, "no results files under <domain>/ folders");

/** The paths of a domain's results files (`<resultsDir>/<domain>/*.csv`), in file-name order; none when the folder is missing. */
export async function recordedResultsFiles(resultsDir: string, domain: Domain): Promise<string[]> {
  const dir = path.join(resultsDir, domain);
  try {
    return (await readdir(dir))
      .filter((file) => file.endsWith(".csv"))
      .sort()
      .map((file) => path.join(dir, file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** `line` may be computed on demand (the fast loader counts lines only for an error message). */
export function readCalls(file: string, line: number | (() => number), text: string): string[] {
  try {
    return parseCallList(text);
  } catch (error) {
    if (!(error instanceof PythonSyntaxError)) throw error;
    throw new DatasetError("bad_value", file, typeof line === "number" ? line : line(), `function_calls is not a Python list of strings: ${error.message}`);
  }
}
