// The fast scan of csv-scan.ts over a stream of text chunks: records are found with indexOf over
// quotes and delimiters as the chunks arrive (csv-parse's byte-by-byte parser took twice the CPU of a
// whole large import). It accepts exactly what csv-scan accepts; at the first record it cannot read (a
// stray quote, a record of the wrong width…) it stops and says so, and the caller reads the file again
// with csv-parse, which reports the fault precisely.

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

export interface ScannedRecord {
  readonly record: string[];
  /** 1-based line where the record starts. */
  readonly line: number;
}

/** Yields the records (header first) until the end, or until one it cannot read: then returns "unreadable". */
export async function* scanCsvStream(chunks: AsyncIterable<string>): AsyncGenerator<ScannedRecord, "done" | "unreadable"> {
  let text = "";
  let line = 1;
  let width = -1;
  let first = true;
  const take = (end: number) => {
    line += countNewlines(text, 0, end);
    text = text.slice(end);
  };
  const drain = function* (final: boolean): Generator<ScannedRecord, "more" | "unreadable"> {
    for (;;) {
      const found = readRecord(text, final);
      if (found === "more") return "more";
      if (found === "unreadable") return "unreadable";
      if (found === "empty-line") {
        take(text.charCodeAt(0) === CR ? 2 : 1);
        continue;
      }
      if (width === -1) width = found.fields.length;
      else if (found.fields.length !== width) return "unreadable";
      const record = { record: found.fields, line };
      take(found.end);
      yield record;
      if (text.length === 0) return "more";
    }
  };
  // A record longer than a chunk is looked at again only once the text has doubled: rescanning it
  // from its start at every chunk would cost its length times its chunk count.
  let retryAt = 0;
  for await (const chunk of chunks) {
    text += chunk;
    if (first) {
      if (text.length === 0) continue;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    if (text.length < retryAt) continue;
    if ((yield* drain(false)) === "unreadable") return "unreadable";
    retryAt = text.length * 2;
  }
  if (text.length > 0 && (yield* drain(true)) === "unreadable") return "unreadable";
  return "done";
}

/**
 * The record at the start of `text`, its end (past its line break); "more" when the text may stop
 * inside it (unless `final`), "empty-line" for a blank line (skipped like csv-parse's skip_empty_lines).
 */
function readRecord(text: string, final: boolean): { fields: string[]; end: number } | "more" | "unreadable" | "empty-line" {
  const n = text.length;
  if (n === 0) return "more";
  const head = text.charCodeAt(0);
  if (head === LF) return "empty-line";
  if (head === CR) {
    if (n < 2) return final ? "unreadable" : "more";
    return text.charCodeAt(1) === LF ? "empty-line" : "unreadable";
  }
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (text.charCodeAt(i) === QUOTE) {
      let j = i + 1;
      for (;;) {
        const close = text.indexOf('"', j);
        if (close === -1) return final ? "unreadable" : "more"; // unterminated, or not all here yet
        if (close + 1 >= n && !final) return "more"; // a doubled quote may follow
        if (text.charCodeAt(close + 1) === QUOTE) {
          j = close + 2;
          continue;
        }
        const inner = text.slice(i + 1, close);
        fields.push(inner.includes('""') ? inner.replaceAll('""', '"') : detach(inner));
        i = close + 1;
        break;
      }
    } else {
      const start = i;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === COMMA || c === LF || c === CR) break;
        if (c === QUOTE) return "unreadable"; // a quote inside an unquoted field
        i += 1;
      }
      if (i >= n && !final) return "more";
      fields.push(detach(text.slice(start, i)));
    }
    if (i >= n) return final ? { fields, end: n } : "more";
    const next = text.charCodeAt(i);
    if (next === COMMA) {
      i += 1;
      continue;
    }
    if (next === LF) return { fields, end: i + 1 };
    if (next === CR) {
      if (i + 1 >= n) return final ? "unreadable" : "more";
      if (text.charCodeAt(i + 1) === LF) return { fields, end: i + 2 };
    }
    return "unreadable"; // text after a closing quote, or a lone CR
  }
}

/**
 * A copy of a field that does not keep the text it was cut from alive. V8 slices share their parent
 * string: a batch's short fields would pin every chunk of text its rows were read from (twice the
 * batch, measured by import-memory.db.test.ts). Flattening a concatenation copies the characters.
 */
function detach(field: string): string {
  return field.length < 16 ? field : ` ${field}`.slice(1);
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf("\n", from); at !== -1 && at < to; at = text.indexOf("\n", at + 1)) count += 1;
  return count;
}
