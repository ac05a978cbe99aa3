// An Inspect eval log read as it is stored, one sample at a time, in either of Inspect's formats:
// - `.eval`: a zip (inspect_ai/log/_recorders/eval.py) of `header.json` (the log without its samples;
//   `_journal/start.json` in a log still being written), `samples/<id>_epoch_<n>.json` (one sample
//   each), `summaries.json` and `reductions.json`; entries deflated or zstd-compressed (Inspect's
//   default since 2025). Only the central directory and one sample are held at a time.
// - JSON (`inspect log convert --to json`, or Studio's export): parsed as the bytes arrive by a
//   streaming JSON parser (@streamparser/json), keeping the `eval` spec and one sample at a time.
// Each sample is bounded (MAX_SAMPLE_BYTES) and has its attachment references resolved (attachments.ts)
// before it is handed on. Memory is bounded by the largest sample, never by the file.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import zlib, { inflateRawSync } from "node:zlib";
import { TokenParser, Tokenizer, TokenType, type ParsedTokenInfo } from "@streamparser/json";
import yauzl from "yauzl";
import { InteropError } from "../errors";
import { resolveAttachments } from "./attachments";

/** The largest sample read (its JSON text); a larger one is refused, not held. */
export const MAX_SAMPLE_BYTES = 64 * 1024 * 1024;
/** The largest header (`eval` spec, plan, results) read from a `.eval`. */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;
/** Entries a `.eval` may hold (a sample per task and epoch, plus a few). */
const MAX_ENTRIES = 1_000_000;

export type InspectLogItem = { readonly kind: "eval"; readonly value: unknown } | { readonly kind: "sample"; readonly value: Record<string, unknown> };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function firstBytes(file: string): Promise<Buffer> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InteropError("bad_log", code === "ENOENT" ? `${file}: file not found` : `${file}: cannot be read (${code ?? (error as Error).message})`);
  }
  try {
    const buffer = Buffer.alloc(4);
    const { bytesRead } = await handle.read(buffer, 0, 4, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The log's `eval` spec (first, when the format allows) and its samples, attachments resolved. */
export async function* readInspectLog(file: string): AsyncGenerator<InspectLogItem> {
  const start = await firstBytes(file);
  if (start.equals(ZIP_MAGIC)) yield* readEvalArchive(file);
  else yield* readJsonLog(file);
}

function sampleOf(value: unknown, file: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new InteropError("bad_log", `${file}: a sample is not a JSON object`);
  return resolveAttachments(value as Record<string, unknown>, file);
}

// ---- JSON -------------------------------------------------------------------------------------------

async function* readJsonLog(file: string): AsyncGenerator<InspectLogItem> {
  const tokenizer = new Tokenizer({ stringBufferSize: 64 * 1024 });
  const parser = new TokenParser({ paths: ["$.eval", "$.samples.*"], keepStack: false });
  const ready: InspectLogItem[] = [];
  let depth = 0;
  let sawRoot = false;
  let rootKey: string | null = null;
  let expectKey = false;
  /** Byte offset where the sample being read began (null between samples). */
  let sampleStart: number | null = null;
  let samples = 0;

  tokenizer.onToken = (token: ParsedTokenInfo) => {
    if (!sawRoot) {
      if (token.token !== TokenType.LEFT_BRACE) throw new InteropError("bad_log", `${file}: not an Inspect eval log (expected a JSON object or a .eval archive)`);
      sawRoot = true;
    }
    // The root object's keys: which member a value at depth 1 belongs to.
    if (depth === 1 && token.token === TokenType.STRING && expectKey) rootKey = String(token.value);
    if (depth === 1) expectKey = token.token === TokenType.LEFT_BRACE || token.token === TokenType.COMMA;
    if (token.token === TokenType.LEFT_BRACE && depth === 0) expectKey = true;
    if (depth === 2 && rootKey === "samples" && sampleStart === null && (token.token === TokenType.LEFT_BRACE || token.token === TokenType.LEFT_BRACKET)) sampleStart = token.offset;
    if (token.token === TokenType.LEFT_BRACE || token.token === TokenType.LEFT_BRACKET) depth += 1;
    if (token.token === TokenType.RIGHT_BRACE || token.token === TokenType.RIGHT_BRACKET) depth -= 1;
    if (depth === 2 && sampleStart !== null) sampleStart = null;
    parser.write(token);
  };
  parser.onValue = ({ value, key, parent }) => {
    if (typeof key === "number" && Array.isArray(parent)) {
      samples += 1;
      ready.push({ kind: "sample", value: sampleOf(value, `${file} (sample ${samples})`) });
    } else ready.push({ kind: "eval", value });
  };
  let parserEnded = false;
  parser.onEnd = () => (parserEnded = true);
  tokenizer.onEnd = () => {
    if (!parserEnded && sawRoot) parser.end();
  };

  let read = 0;
  const bytes = createReadStream(file);
  try {
    for await (const chunk of bytes as AsyncIterable<Buffer>) {
      tokenizer.write(chunk);
      read += chunk.length;
      // Checked per chunk, before a long string inside the sample is gathered whole.
      if (sampleStart !== null && read - sampleStart > MAX_SAMPLE_BYTES) {
        throw new InteropError("bad_log", `${file}: sample ${samples + 1} is larger than ${MAX_SAMPLE_BYTES / 1024 / 1024} MiB, more than Studio reads into one task`);
      }
      yield* ready.splice(0);
    }
    tokenizer.end();
  } catch (error) {
    bytes.destroy();
    if (error instanceof InteropError) throw error;
    throw new InteropError("bad_log", `${file}: not a JSON file (${oneLine(error)}); a binary Inspect log must be a .eval zip`);
  }
  yield* ready.splice(0);
  if (!sawRoot) throw new InteropError("bad_log", `${file}: empty file`);
}

const oneLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 200);

// ---- .eval ------------------------------------------------------------------------------------------

/** zip compression methods Inspect writes: stored, deflate, zstd. */
const STORED = 0;
const DEFLATE = 8;
const ZSTD = 93;
/** Node's zstd decoder (Node ≥ 22.15; the @types/node this repo pins predates it). */
const zstdDecompressSync = (zlib as unknown as { zstdDecompressSync: (data: Buffer, options: { maxOutputLength: number }) => Buffer }).zstdDecompressSync;

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true }, (error, zip) => {
      if (error) reject(new InteropError("bad_log", `${file}: not a readable .eval archive (${oneLine(error)})`));
      else resolve(zip);
    });
  });
}

/** The archive's entries (names and sizes, from its central directory), at most MAX_ENTRIES. */
function listEntries(zip: yauzl.ZipFile, file: string): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on("entry", (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > MAX_ENTRIES) reject(new InteropError("bad_log", `${file}: the archive holds more than ${MAX_ENTRIES} entries`));
      else zip.readEntry();
    });
    zip.on("end", () => resolve(entries));
    zip.on("error", (error: Error) => reject(new InteropError("bad_log", `${file}: not a readable .eval archive (${oneLine(error)})`)));
    zip.readEntry();
  });
}

function rawStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, { decodeFileData: false }, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

/**
 * One entry's text, decompressed and bounded: refused when its stated size is over `limit`, or when it
 * inflates past its stated size (a zip bomb states a small one). The compressed bytes are read whole
 * (no more than the entry's stated size allows) and decoded in one call, which frees the decoder at once.
 */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, file: string, limit: number): Promise<string> {
  const name = entry.fileName;
  if (entry.uncompressedSize > limit || entry.compressedSize > limit) {
    throw new InteropError("bad_log", `${file}: ${name} is larger than ${limit / 1024 / 1024} MiB, more than Studio reads into one entry`);
  }
  const method = entry.compressionMethod;
  if (method !== STORED && method !== DEFLATE && method !== ZSTD) throw new InteropError("bad_log", `${file}: ${name} uses zip compression method ${method}, not one Inspect writes (stored, deflate, zstd)`);
  if (entry.isEncrypted()) throw new InteropError("bad_log", `${file}: ${name} is encrypted`);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of (await rawStream(zip, entry)) as AsyncIterable<Buffer>) chunks.push(chunk);
  } catch (error) {
    throw new InteropError("bad_log", `${file}: ${name} cannot be read (${oneLine(error)})`);
  }
  const raw = Buffer.concat(chunks);
  // One byte more than stated is enough to tell an entry that holds more.
  const options = { maxOutputLength: Math.max(1, entry.uncompressedSize + 1) };
  let bytes: Buffer;
  try {
    bytes = method === STORED ? raw : method === DEFLATE ? inflateRawSync(raw, options) : zstdDecompressSync(raw, options);
  } catch (error) {
    if (error instanceof RangeError || (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") {
      throw new InteropError("bad_log", `${file}: ${name} holds more than the ${entry.uncompressedSize} bytes its archive states`);
    }
    throw new InteropError("bad_log", `${file}: ${name} cannot be decompressed (${oneLine(error)})`);
  }
  if (bytes.length > entry.uncompressedSize) throw new InteropError("bad_log", `${file}: ${name} holds more than the ${entry.uncompressedSize} bytes its archive states`);
  if (bytes.length !== entry.uncompressedSize) throw new InteropError("bad_log", `${file}: ${name} holds ${bytes.length} bytes, not the ${entry.uncompressedSize} its archive states`);
  return bytes.toString("utf8");
}

function parseEntry(text: string, file: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InteropError("bad_log", `${file}: ${name} is not JSON (${oneLine(error)})`);
  }
}

const SAMPLE_ENTRY = /^samples\/.+_epoch_\d+\.json$/;

async function* readEvalArchive(file: string): AsyncGenerator<InspectLogItem> {
  const zip = await openZip(file);
  try {
    const entries = await listEntries(zip, file);
    const header = entries.find((entry) => entry.fileName === "header.json") ?? entries.find((entry) => entry.fileName === "_journal/start.json");
    if (!header) throw new InteropError("bad_log", `${file}: not an Inspect .eval log (no header.json or _journal/start.json)`);
    const log = parseEntry(await readEntry(zip, header, file, MAX_HEADER_BYTES), file, header.fileName) as { eval?: unknown } | null;
    yield { kind: "eval", value: log?.eval };
    for (const entry of entries) {
      if (!SAMPLE_ENTRY.test(entry.fileName)) continue;
      yield { kind: "sample", value: sampleOf(parseEntry(await readEntry(zip, entry, file, MAX_SAMPLE_BYTES), file, entry.fileName), `${file} (${entry.fileName})`) };
    }
  } finally {
    zip.close();
  }
}
