// Python string literals, decoded the way CPython's tokenizer does. Shared by the call parser and the
// repr-literal parser. Never evaluates anything: it reads characters.

/** A malformed literal or expression, with the 0-based offset where reading stopped. */
export class PythonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
    /** The Python exception the original would raise (SyntaxError, NameError, TypeError...). */
    readonly errorType: string = "SyntaxError",
  ) {
    super(`${message} (at ${position})`);
    this.name = "PythonSyntaxError";
  }
}

export interface StringToken {
  readonly value: string;
  /** b"..." literals are bytes, not str: callers that need str reject them. */
  readonly bytes: boolean;
  /** Offset just past the closing quote. */
  readonly end: number;
}

/** Characters that end a plain run inside a literal: quotes, backslash, newline (compared inline: this loop reads every character of every call). */
const isSpecial = (code: number) => code === 0x22 || code === 0x27 || code === 0x5c || code === 0x0a;

const PREFIX = /^(?:[rR][bB]|[bB][rR]|[rRuUbBfF])?(?=['"])/;

/** True when a string literal (with an optional r/u/b prefix) starts at `pos`. */
export function startsStringLiteral(text: string, pos: number): boolean {
  return PREFIX.test(text.slice(pos, pos + 3));
}

/** Reads one string literal starting at `pos` (prefix included). */
export function readStringLiteral(text: string, pos: number): StringToken {
  const prefix = (PREFIX.exec(text.slice(pos, pos + 3)) ?? [""])[0].toLowerCase();
  if (prefix.includes("f")) throw new PythonSyntaxError("f-strings are not literals", pos);
  const raw = prefix.includes("r");
  const bytes = prefix.includes("b");
  let i = pos + prefix.length;
  const quote = text[i];
  if (quote !== '"' && quote !== "'") throw new PythonSyntaxError("expected a string literal", pos);
  const triple = text.startsWith(quote.repeat(3), i);
  const closer = triple ? quote.repeat(3) : quote;
  i += closer.length;
  let value = "";
  while (true) {
    // Copy the plain run up to the next quote, backslash or newline in one slice.
    let runEnd = i;
    while (runEnd < text.length && !isSpecial(text.charCodeAt(runEnd))) runEnd += 1;
    value += text.slice(i, runEnd);
    i = runEnd;
    if (i >= text.length) throw new PythonSyntaxError("unterminated string literal", pos);
    if (text.startsWith(closer, i)) return { value, bytes, end: i + closer.length };
    const ch = text[i] as string;
    if (ch === "\n" && !triple) throw new PythonSyntaxError("unterminated string literal", pos);
    if (ch !== "\\") {
      value += ch;
      i += 1;
      continue;
    }
    if (i + 1 >= text.length) throw new PythonSyntaxError("unterminated string literal", pos);
    if (raw) {
      // A raw string keeps the backslash, but a backslash still protects the next character.
      value += ch + (text[i + 1] as string);
      i += 2;
      continue;
    }
    const escape = decodeEscape(text, i, bytes);
    value += escape.value;
    i = escape.end;
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  "\n": "",
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

const HEX_LENGTHS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/** Decodes the escape sequence whose backslash is at `at`. */
function decodeEscape(text: string, at: number, bytes: boolean): { value: string; end: number } {
  const kind = text[at + 1] as string;
  const simple = SIMPLE_ESCAPES[kind];
  if (simple !== undefined) return { value: simple, end: at + 2 };
  const octal = /^[0-7]{1,3}/.exec(text.slice(at + 1, at + 4));
  if (octal) return { value: String.fromCodePoint(parseInt(octal[0], 8)), end: at + 1 + octal[0].length };
  const hexLength = HEX_LENGTHS[kind];
  if (hexLength !== undefined && !(bytes && kind !== "x")) {
    const digits = text.slice(at + 2, at + 2 + hexLength);
    if (!new RegExp(`^[0-9a-fA-F]{${hexLength}}$`).test(digits)) {
      throw new PythonSyntaxError(`(unicode error) truncated \\${kind} escape`, at);
    }
    const code = parseInt(digits, 16);
    if (code > 0x10ffff) throw new PythonSyntaxError("(unicode error) illegal Unicode character", at);
    return { value: String.fromCodePoint(code), end: at + 2 + hexLength };
  }
  if (kind === "N" && !bytes) throw new PythonSyntaxError("\\N{...} escapes are not supported", at);
  // Unknown escapes keep their backslash (CPython only warns).
  return { value: "\\" + kind, end: at + 2 };
}

/** Python's repr() of a str: single quotes unless the text has ' and no ", escapes as CPython does. */
export function reprString(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of value) {
    const code = ch.codePointAt(0) as number;
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f) out += "\\x" + code.toString(16).padStart(2, "0");
    else if (isNonPrintable(code)) out += escapeNonPrintable(code);
    else out += ch;
  }
  return out + quote;
}

// A close-enough approximation of str.isprintable for the characters found in agent output.
function isNonPrintable(code: number): boolean {
  return (code >= 0x80 && code <= 0xa0) || code === 0xad || (code >= 0xd800 && code <= 0xdfff) || code === 0x2028 || code === 0x2029;
}

function escapeNonPrintable(code: number): string {
  if (code <= 0xff) return "\\x" + code.toString(16).padStart(2, "0");
  if (code <= 0xffff) return "\\u" + code.toString(16).padStart(4, "0");
  return "\\U" + code.toString(16).padStart(8, "0");
}
