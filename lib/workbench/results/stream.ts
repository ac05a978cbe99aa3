// Recorded results read in batches, for imports of files of any size: rows come from the streaming CSV
// reader (datasets/csv-stream.ts) and are handed over a batch at a time, so memory holds one batch
// (bounded in rows and in characters: a row's full_response can be megabytes), never the file. The
// score command keeps load.ts's whole-file fast scan: it needs every row at once anyway.
import { streamCsvWithHeader, type StreamedRecord } from "../datasets/csv-stream";
import { DatasetError } from "../datasets/errors";
import type { Domain } from "../datasets/types";
import { parseFullResponse, type ParsedFullResponse } from "./full-response";
import { parseResultsFileName, readCalls } from "./load";
import type { RecordedResult } from "./types";

export interface BatchLimits {
  /** At most this many rows per batch. */
  readonly rows: number;
  /** A batch closes once its rows' fields reach this many characters (a single larger row is a batch alone). */
  readonly chars: number;
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { rows: 50, chars: 8 * 1024 * 1024 };

const V1_COLUMNS = ["query", "function_calls", "full_response", "error"];

/** Groups a stream of records into batches of rows within `limits`. */
export async function* batchesOf<R extends StreamedRecord, T>(
  records: AsyncIterable<R>,
  toRow: (record: R) => T,
  limits: BatchLimits,
): AsyncGenerator<T[]> {
  let batch: T[] = [];
  let chars = 0;
  for await (const record of records) {
    batch.push(toRow(record));
    chars += record.chars;
    if (batch.length >= limits.rows || chars >= limits.chars) {
      yield batch;
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/** A v1 results file (`<model>_<all|domains>_<timestamp>.csv`) in batches of rows, as loadRecordedResultsFile reads them. */
export function streamRecordedResultsFile(file: string, domain: Domain, limits: BatchLimits = DEFAULT_BATCH_LIMITS): AsyncGenerator<RecordedResult[]> {
  const name = parseResultsFileName(file);
  if (!name) throw new DatasetError("bad_layout", file, null, "file name is not <model>_<all|domains>_<timestamp>.csv");
  return batchesOf(
    streamCsvWithHeader(file, V1_COLUMNS),
    ({ fields, line }) => {
      const fullResponse = fields.full_response ?? "";
      // Parsed on first read (scoring never needs it), then kept with its row for the batch's life.
      let parsed: ParsedFullResponse | undefined;
      const response = () => (parsed ??= parseFullResponse(fullResponse));
      return {
        domain, model: name.model, toolSet: name.toolSet, query: fields.query ?? "",
        calls: readCalls(file, line, fields.function_calls ?? ""),
        error: fields.error ?? "",
        get steps() {
          return response().steps;
        },
        get finalOutput() {
          return response().finalOutput;
        },
        get finalTurn() {
          return response().finalTurn;
        },
        file, line,
      } satisfies RecordedResult;
    },
    limits,
  );
}
