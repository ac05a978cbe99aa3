// A fast CSV reader for big files of which only some columns are needed (the recorded results, whose
// full_response column is most of the bytes): records are found with indexOf over quotes and
// delimiters, and a field's text is only decoded when it is read. It accepts exactly what csv-parse
// accepts with our options (RFC 4180: "" escapes, \n or \r\n, BOM, empty lines skipped); anything else
// (a stray quote, a record of the wrong length) returns null and the caller falls back to csv-parse,
// which reports the error precisely.

/** A scanned file: the header, and the records' fields decoded on demand. */
export interface ScannedCsv {
  readonly header: readonly string[];
  readonly rowCount: number;
  /** 1-based line where record `row` starts (row 0 is the first after the header). */
  line(row: number): number;
  /** The decoded text of a field. */
  field(row: number, column: number): string;
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** Scans `text`; null when it is not plain RFC 4180 CSV with records as wide as the header. */
export function scanCsv(text: string): ScannedCsv | null {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const bounds: number[] = []; // start, end (exclusive, quotes included), per field
  const recordStarts: number[] = [];
  let width = -1;
  let i = start;
  const n = text.length;
  while (i < n) {
    // skip_empty_lines
    const code = text.charCodeAt(i);
    if (code === LF) {
      i += 1;
      continue;
    }
    if (code === CR && text.charCodeAt(i + 1) === LF) {
      i += 2;
      continue;
    }
    recordStarts.push(i);
    let fields = 0;
    for (;;) {
      const fieldStart = i;
      if (text.charCodeAt(i) === QUOTE) {
        let j = i + 1;
        for (;;) {
          const close = text.indexOf('"', j);
          if (close === -1) return null; // unterminated quote
          if (text.charCodeAt(close + 1) === QUOTE) {
            j = close + 2;
            continue;
          }
          i = close + 1;
          break;
        }
      } else {
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === COMMA || c === LF || c === CR) break;
          if (c === QUOTE) return null; // a quote inside an unquoted field
          i += 1;
        }
      }
      bounds.push(fieldStart, i);
      fields += 1;
      const next = text.charCodeAt(i);
      if (next === COMMA) {
        i += 1;
        continue;
      }
      if (i >= n) break;
      if (next === LF) {
        i += 1;
        break;
      }
      if (next === CR && text.charCodeAt(i + 1) === LF) {
        i += 2;
        break;
      }
      return null; // text after a closing quote, or a lone CR
    }
    if (width === -1) width = fields;
    else if (fields !== width) return null;
  }
  if (width === -1) return null;
  return scanned(text, bounds, recordStarts, width);
}

function decode(text: string, from: number, to: number): string {
  if (text.charCodeAt(from) !== QUOTE) return text.slice(from, to);
  const inner = text.slice(from + 1, to - 1);
  return inner.includes('""') ? inner.replaceAll('""', '"') : inner;
}

function scanned(text: string, bounds: readonly number[], recordStarts: readonly number[], width: number): ScannedCsv {
  const fieldAt = (record: number, column: number) => {
    const k = (record * width + column) * 2;
    return decode(text, bounds[k] as number, bounds[k + 1] as number);
  };
  const header = Array.from({ length: width }, (_, column) => fieldAt(0, column));
  let lineCache: number[] | null = null;
  const lines = () => {
    if (lineCache) return lineCache;
    // Lines counted once, on first use (error messages and traces): a native indexOf walk.
    lineCache = [];
    let line = 1;
    let at = 0;
    for (const recordStart of recordStarts) {
      for (;;) {
        const nl = text.indexOf("\n", at);
        if (nl === -1 || nl >= recordStart) break;
        line += 1;
        at = nl + 1;
      }
      lineCache.push(line);
    }
    return lineCache;
  };
  return {
    header,
    rowCount: recordStarts.length - 1,
    line: (row) => lines()[row + 1] as number,
    field: (row, column) => fieldAt(row + 1, column),
  };
}
