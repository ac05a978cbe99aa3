// The 2026 `_traces.json` (upstream inference.py _save_progress: `[{task, steps: [TraceStep]}]`, written
// with json.dump(indent=2), optionally gzipped), read as a stream: entries are parsed one at a time by
// a streaming JSON parser (@streamparser/json) as the bytes arrive, so memory holds a chunk and the
// entries not yet used, never the file. Upstream writes the traces in the results file's row order
// (both come from the same sorted rows), so a reader walking the rows takes each entry as it comes;
// an entry found out of order is looked for further on, keeping the ones skipped until their row asks.
// Malformed input is a DatasetError naming the file and the line (JSON strings hold no raw newline, so a
// token's line is known when it ends).
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import { TokenParser, Tokenizer, TokenType, type ParsedTokenInfo } from "@streamparser/json";
import { z } from "zod";
import { DatasetError } from "../datasets/errors";

const TraceStepSchema = z.object({
  llm_output: z.string(),
  action: z.string(),
  action_input: z.unknown(),
  observation: z.string(),
  /** Studio's addition: false for a call made in the same model turn as the one before (upstream makes one call per turn). */
  model_turn: z.boolean().optional(),
  /** Studio's addition: the fault a faulted run injected into this call ({ kind, ordinal }). */
  fault: z.unknown().optional(),
});
const TraceEntrySchema = z.object({ task: z.string(), steps: z.array(TraceStepSchema) });
export type TraceStep2026 = z.infer<typeof TraceStepSchema>;

export interface TraceEntry2026 {
  readonly task: string;
  readonly steps: TraceStep2026[];
  /** The 1-based line the entry starts on. */
  readonly line: number;
  /** The entry's size in the file (what a reader batching by size counts). */
  readonly bytes: number;
}

const NEWLINE = 0x0a;

/** Lines of a byte stream fed chunk by chunk: the line of any position in the latest chunk, or just before it. */
class LineCounter {
  private linesBefore = 0;
  private chunk: Uint8Array = new Uint8Array(0);
  private chunkStart = 0;
  private cursor = 0;
  private counted = 0;

  next(chunk: Uint8Array): void {
    this.linesBefore += countNewlines(this.chunk, 0, this.chunk.length);
    this.chunkStart += this.chunk.length;
    this.chunk = chunk;
    this.cursor = 0;
    this.counted = 0;
  }

  /**
   * The 1-based line of byte `offset`. Positions are asked in increasing order; one before this chunk can
   * only be a token's start whose token ends in it (no newline in between), so it is on the chunk's first line.
   */
  lineAt(offset: number): number {
    const index = Math.min(offset - this.chunkStart, this.chunk.length);
    if (index <= 0) return this.linesBefore + 1;
    if (index < this.cursor) {
      this.cursor = 0;
      this.counted = 0;
    }
    this.counted += countNewlines(this.chunk, this.cursor, index);
    this.cursor = index;
    return this.linesBefore + this.counted + 1;
  }
}

function countNewlines(bytes: Uint8Array, from: number, to: number): number {
  let count = 0;
  for (let at = bytes.indexOf(NEWLINE, from); at !== -1 && at < to; at = bytes.indexOf(NEWLINE, at + 1)) count += 1;
  return count;
}

function openBytes(file: string): AsyncIterable<Buffer> {
  const raw = createReadStream(file);
  if (!file.endsWith(".gz")) return raw;
  const gunzip = createGunzip();
  raw.on("error", (error) => gunzip.destroy(error));
  return raw.pipe(gunzip);
}

/** The entries of a traces file in file order. */
export async function* streamTraces2026(file: string): AsyncGenerator<TraceEntry2026> {
  const lines = new LineCounter();
  // Strings gathered in a 64 KB byte buffer, not char by char: a multi-megabyte llm_input otherwise
  // builds up as a long chain of small string pieces (162 -> 126 MB peak RSS reading a 200 MB file).
  const tokenizer = new Tokenizer({ stringBufferSize: 64 * 1024 });
  const parser = new TokenParser({ paths: ["$.*"], keepStack: false });
  const ready: TraceEntry2026[] = [];
  let depth = 0;
  let sawRoot = false;
  let lastOffset = 0;
  let entry: { index: number; offset: number; line: number } | null = null;
  let entries = 0;

  tokenizer.onToken = (token: ParsedTokenInfo) => {
    lastOffset = token.offset;
    if (!sawRoot) {
      if (token.token !== TokenType.LEFT_BRACKET) throw new DatasetError("bad_value", file, lines.lineAt(token.offset), "not a list of {task, steps}");
      sawRoot = true;
    } else if (depth === 1 && entry === null && token.token !== TokenType.COMMA && token.token !== TokenType.RIGHT_BRACKET) {
      entry = { index: entries, offset: token.offset, line: lines.lineAt(token.offset) };
    }
    if (token.token === TokenType.LEFT_BRACE || token.token === TokenType.LEFT_BRACKET) depth += 1;
    if (token.token === TokenType.RIGHT_BRACE || token.token === TokenType.RIGHT_BRACKET) depth -= 1;
    parser.write(token);
  };
  parser.onValue = ({ value }) => {
    const start = entry ?? { index: entries, offset: lastOffset, line: lines.lineAt(lastOffset) };
    entry = null;
    entries += 1;
    const parsed = TraceEntrySchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new DatasetError("bad_value", file, start.line, `traces entry ${start.index}: ${issue?.path.join(".") || "entry"}: ${issue?.message ?? "invalid"} (expected {task, steps})`);
    }
    ready.push({ ...parsed.data, line: start.line, bytes: lastOffset - start.offset + 1 });
  };

  // A document cut short between tokens ends the tokenizer quietly: the token parser tells it is unfinished.
  let parserEnded = false;
  let ending = false;
  parser.onEnd = () => (parserEnded = true);
  tokenizer.onEnd = () => {
    if (!parserEnded && sawRoot) parser.end();
  };

  try {
    for await (const chunk of openBytes(file)) {
      lines.next(chunk);
      tokenizer.write(chunk);
      yield* ready.splice(0);
    }
    ending = true;
    tokenizer.end();
  } catch (error) {
    if (error instanceof DatasetError) throw error;
    // A document left open is at fault where the file ends: its last line.
    throw parseError(file, error, lines, ending ? Number.MAX_SAFE_INTEGER : lastOffset);
  }
  yield* ready.splice(0);
  if (!sawRoot) throw new DatasetError("bad_value", file, 1, "empty file (expected a list of {task, steps})");
}

/** A read or parse failure as a DatasetError with the line it happened on. */
function parseError(file: string, error: unknown, lines: LineCounter, faultOffset: number): DatasetError {
  const { message, code } = error as NodeJS.ErrnoException;
  if (code === "ENOENT") return new DatasetError("missing_file", file, null, "file not found");
  if (code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR") return new DatasetError("bad_value", file, null, `not a gzip file: ${message}`);
  // The tokenizer names the byte ("absolute position"); the token parser's fault is at its last token
  // (or, at the end, the end).
  const position = /absolute position "(\d+)"/.exec(message ?? "");
  const line = lines.lineAt(position ? Number(position[1]) : faultOffset);
  return new DatasetError("bad_value", file, line, `not JSON: ${message ?? String(error)}`);
}

/**
 * Steps by task text for a reader walking a results file's rows in order: each row takes the next entry
 * of its task. In upstream's order that is the next entry of the file, so only one is held at a time;
 * entries skipped to reach a row's task are kept until their own row asks for them.
 */
export class TraceLookup {
  private readonly entries: AsyncGenerator<TraceEntry2026>;
  private readonly skipped = new Map<string, TraceEntry2026[]>();
  private exhausted = false;

  constructor(file: string) {
    this.entries = streamTraces2026(file);
  }

  /** The entry for the next row of `task`; undefined when the file has none left for it. */
  async next(task: string): Promise<TraceEntry2026 | undefined> {
    const waiting = this.skipped.get(task);
    if (waiting) {
      const entry = waiting.shift();
      if (waiting.length === 0) this.skipped.delete(task);
      return entry;
    }
    while (!this.exhausted) {
      const { value, done } = await this.entries.next();
      if (done) {
        this.exhausted = true;
        break;
      }
      if (value.task === task) return value;
      this.skipped.set(value.task, [...(this.skipped.get(value.task) ?? []), value]);
    }
    return undefined;
  }

  /** Entries read ahead and not yet taken (what out-of-order traces cost in memory). */
  get heldAhead(): number {
    let count = 0;
    for (const waiting of this.skipped.values()) count += waiting.length;
    return count;
  }

  /** Stops reading (an import that ends early). */
  async close(): Promise<void> {
    await this.entries.return(undefined);
  }
}
