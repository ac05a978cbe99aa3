// Reads a CSV file record by record, never holding the whole file: the bytes (gunzipped for `.gz`)
// are checked as they pass (NUL bytes, invalid UTF-8: the same refusals as readFileOrThrow, with their
// line) and read by the streaming fast scan (csv-scan-stream.ts), or by csv-parse's stream API with the
// options parseCsvWithHeader uses where the scan cannot (csv-file.ts makes the same choice for whole
// files). Memory is a few chunks plus the record being read (the stream pauses until it is taken).
import { isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";
import { PassThrough, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { parse, type Options } from "csv-parse";
import { scanCsvStream, type ScannedRecord } from "./csv-scan-stream";
import { DatasetError } from "./errors";

/** One data record (fields by header column) and the 1-based line it starts on. */
export interface StreamedRecord {
  readonly fields: Readonly<Record<string, string>>;
  readonly line: number;
  /** Characters in the record's fields (what a consumer batching by size counts). */
  readonly chars: number;
}

/**
 * The records of `file` after its header row, which must name every column of `required`. Gzip is
 * undone when the name ends in `.gz`. Errors are DatasetErrors naming the file and, when known, the line.
 */
export async function* streamCsvWithHeader(file: string, required: readonly string[]): AsyncGenerator<StreamedRecord> {
  let header: string[] | null = null;
  for await (const { record, line } of rawRecords(file)) {
    if (!header) {
      header = record;
      for (const column of required) {
        if (!header.includes(column)) throw new DatasetError("missing_column", file, 1, `missing column "${column}"`);
      }
      continue;
    }
    const fields: Record<string, string> = {};
    let chars = 0;
    for (const [index, column] of header.entries()) {
      const value = record[index] ?? "";
      fields[column] = value;
      chars += value.length;
    }
    yield { fields, line, chars };
  }
  if (!header) throw new DatasetError("bad_csv", file, 1, "empty file (no header row)");
}

/**
 * Every record, header included: the fast scan while it can read the file (always, for well-formed
 * files), csv-parse from where it stopped otherwise (the file is read again and the records already
 * given are skipped: both parsers read them the same way), which names the fault.
 */
async function* rawRecords(file: string): AsyncGenerator<ScannedRecord> {
  let given = 0;
  const bytes = openBytes(file);
  try {
    const ending = yield* countingGiven(scanCsvStream(decodeText(bytes.stream)));
    if (ending === "done") {
      await bytes.done();
      return;
    }
  } catch (error) {
    throw toDatasetError(file, bytes.failure() ?? error);
  } finally {
    bytes.stream.destroy();
  }
  yield* withCsvParse(file, given);

  async function* countingGiven(records: AsyncGenerator<ScannedRecord, "done" | "unreadable">): AsyncGenerator<ScannedRecord, "done" | "unreadable"> {
    for (;;) {
      const next = await records.next();
      if (next.done) return next.value;
      given += 1;
      yield next.value;
    }
  }
}

/** The file's bytes (gunzipped for `.gz`), checked by strictUtf8 as they pass. */
function openBytes(file: string): { stream: PassThrough; failure: () => unknown; done: () => Promise<void> } {
  const out = new PassThrough();
  const source = createReadStream(file);
  const check = strictUtf8(file);
  let failure: unknown = null;
  const feeding = (file.endsWith(".gz") ? pipeline(source, createGunzip(), check, out) : pipeline(source, check, out)).catch((error: unknown) => {
    failure ??= error;
  });
  return {
    stream: out,
    failure: () => failure,
    done: async () => {
      await feeding;
      if (failure) throw toDatasetError(file, failure);
    },
  };
}

/** Text of checked bytes (strictUtf8 has refused invalid UTF-8, so decoding cannot lose anything). */
async function* decodeText(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of bytes) yield decoder.decode(chunk, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** csv-parse's reading of the file, the first `skip` records left out. */
async function* withCsvParse(file: string, skip: number): AsyncGenerator<ScannedRecord> {
  // Few parsed records wait for the consumer: with megabyte rows, the default 16 would be 16 MB ahead.
  const parser = parse({ info: true, bom: true, skip_empty_lines: true, readableHighWaterMark: 2 } as Options);
  const source = createReadStream(file);
  const check = strictUtf8(file);
  let failure: unknown = null;
  // The pipeline feeds the parser; its first error (the earliest stage's) is the one reported.
  const feeding = (file.endsWith(".gz") ? pipeline(source, createGunzip(), check, parser) : pipeline(source, check, parser)).catch((error: unknown) => {
    failure ??= error;
  });
  let index = 0;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (index++ < skip) continue;
      // info.lines is the line a record ends on: it starts as many lines earlier as its fields hold
      // line breaks (counting from the previous record's end would land on a skipped empty line).
      yield { record: item.record, line: item.info.lines - item.record.reduce((sum, field) => sum + countChar(field, "\n"), 0) };
    }
  } catch (error) {
    throw toDatasetError(file, failure ?? error);
  } finally {
    // A consumer that stops early (or fails) must not leave the file open.
    parser.destroy();
  }
  await feeding;
  if (failure) throw toDatasetError(file, failure);
}

function toDatasetError(file: string, error: unknown): Error {
  if (error instanceof DatasetError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? "";
  const message = (error as Error).message;
  if (code === "ENOENT") return new DatasetError("missing_file", file, null, "file not found");
  if (code.startsWith("Z_")) return new DatasetError("bad_csv", file, null, `not a gzip file: ${message}`);
  if (code.startsWith("CSV_")) {
    const lines = (error as { lines?: unknown }).lines;
    return new DatasetError("bad_csv", file, typeof lines === "number" ? lines : null, message);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Passes bytes through unchanged, refusing NUL bytes and invalid UTF-8 with the line they are on
 * (csv-parse would decode the one silently to U+FFFD, PostgreSQL refuses the other deep in an import).
 * Checked without decoding (isUtf8): decoding every chunk only to check it doubled the garbage of a
 * large import. A character cut by a chunk boundary is checked with the next chunk.
 */
function strictUtf8(file: string): Transform {
  let linesBefore = 0;
  let carry: Buffer = Buffer.alloc(0);
  const lineAt = (chunk: Buffer, offset: number) => linesBefore + countNewlines(chunk, 0, offset) + 1;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const nul = chunk.indexOf(0);
      if (nul !== -1) return callback(new DatasetError("bad_encoding", file, lineAt(chunk, nul), "NUL byte (binary data is not a CSV file)"));
      const tail = incompleteTail(chunk);
      const whole = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, chunk.length - tail)]) : chunk.subarray(0, chunk.length - tail);
      if (!isUtf8(whole)) {
        // The carried bytes belong to the previous chunk's last line, which this chunk continues.
        return callback(new DatasetError("bad_encoding", file, lineAt(chunk, Math.max(0, firstBadLineStart(whole) - carry.length)), "invalid UTF-8 (save the file as UTF-8)"));
      }
      carry = Buffer.from(chunk.subarray(chunk.length - tail));
      linesBefore += countNewlines(chunk, 0, chunk.length);
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      if (carry.length > 0) return callback(new DatasetError("bad_encoding", file, linesBefore + 1, "invalid UTF-8 at the end of the file (a truncated character)"));
      callback();
    },
  });
}

/** How many bytes at the end of `bytes` start a multi-byte character that is not complete yet. */
function incompleteTail(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

function countChar(text: string, char: string): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) count += 1;
  return count;
}

function countNewlines(bytes: Buffer, from: number, to: number): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a, from); at !== -1 && at < to; at = bytes.indexOf(0x0a, at + 1)) count += 1;
  return count;
}

/** Offset of the first line of `bytes` that is not valid UTF-8 on its own (0 when none is). */
function firstBadLineStart(bytes: Buffer): number {
  let start = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end === -1 ? bytes.length : end;
    if (!isUtf8(bytes.subarray(start, stop))) return start;
    start = stop + 1;
  }
  return 0;
}
