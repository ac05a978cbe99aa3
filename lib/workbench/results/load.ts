// Loads the recorded agent outputs shipped with WorkBench:
// v1/data/results/<domain>/<model>_<all|domains>_<timestamp>.csv (query, function_calls, full_response, error).
import { readdir } from "node:fs/promises";
import path from "node:path";
import { parseCallList } from "../calls/call-list";
import { PythonSyntaxError } from "../calls/python-string";
import { parseCsvWithHeader, readFileOrThrow } from "../datasets/csv-file";
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

export async function loadRecordedResultsFile(file: string, domain: Domain): Promise<RecordedResult[]> {
  const name = parseResultsFileName(file);
  if (!name) throw new DatasetError("bad_layout", file, null, "file name is not <model>_<all|domains>_<timestamp>.csv");
  const { records, lines } = parseCsvWithHeader(file, await readFileOrThrow(file), COLUMNS);
  return records.map((record, index) => {
    const line = lines[index] as number;
    // full_response is parsed on first read: scoring never needs it and it is most of the load time.
    const fullResponse = record.full_response ?? "";
    let parsed: ReturnType<typeof parseFullResponse> | undefined;
    const response = () => (parsed ??= parseFullResponse(fullResponse));
    return {
      domain,
      model: name.model,
      toolSet: name.toolSet,
      query: record.query as string,
      calls: readCalls(file, line, record.function_calls as string),
      error: record.error ?? "",
      get steps() {
        return response().steps;
      },
      get finalOutput() {
        return response().finalOutput;
      },
      file,
      line,
    };
  });
}

/** Every results file under `<resultsDir>/<domain>/`, in domain then file-name order. */
export async function loadRecordedResultsDir(resultsDir: string): Promise<RecordedResult[]> {
  const perDomain = await Promise.all(
    DOMAINS.map(async (domain) => {
      const dir = path.join(resultsDir, domain);
      const files = (await listCsvFiles(dir)).sort();
      const loaded = await Promise.all(files.map((file) => loadRecordedResultsFile(path.join(dir, file), domain)));
      return loaded.flat();
    }),
  );
  const results = perDomain.flat();
  if (results.length === 0) throw new DatasetError("bad_layout", resultsDir, null, "no results files under <domain>/ folders");
  return results;
}

async function listCsvFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((file) => file.endsWith(".csv"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

function readCalls(file: string, line: number, text: string): string[] {
  try {
    return parseCallList(text);
  } catch (error) {
    if (!(error instanceof PythonSyntaxError)) throw error;
    throw new DatasetError("bad_value", file, line, `function_calls is not a Python list of strings: ${error.message}`);
  }
}
