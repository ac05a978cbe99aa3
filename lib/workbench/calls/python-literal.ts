// A reader for Python repr() output: str, bytes, int, float, True/False/None, list, tuple, dict, set and
// constructor-call forms (`AgentAction(tool='x', tool_input={...})`, `array([...], dtype=object)`),
// used to read the recorded `full_response` column. It builds values; it never evaluates code.
import { PythonSyntaxError, readStringLiteral, reprString, startsStringLiteral } from "./python-string";

export type PyValue = string | number | boolean | null | readonly PyValue[] | PyTagged;

/** Python values with no plain JavaScript counterpart, tagged by `kind`. */
export type PyTagged =
  | { readonly kind: "tuple"; readonly items: readonly PyValue[] }
  | { readonly kind: "set"; readonly items: readonly PyValue[] }
  | { readonly kind: "dict"; readonly entries: readonly (readonly [PyValue, PyValue])[] }
  | { readonly kind: "bytes"; readonly value: string }
  /** A constructor call such as `AgentAction(...)`; `name` may be dotted (`datetime.datetime`). */
  | { readonly kind: "call"; readonly name: string; readonly args: readonly PyValue[]; readonly kwargs: Readonly<Record<string, PyValue>> }
  /** A bare name such as `nan`, `inf` or `object` (as in `dtype=object`). */
  | { readonly kind: "name"; readonly name: string }
  /** A numeric literal as written, sign included (only with `exactNumbers`: int, float and complex stay apart). */
  | { readonly kind: "number"; readonly text: string };

export interface LiteralOptions {
  /** Keep numbers as written (`{ kind: "number" }`), accept imaginary literals and `real ± imaginary`, as ast.literal_eval does. */
  readonly exactNumbers?: boolean;
}

const MAX_DEPTH = 500;
const NUMBER = /^(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*)?\.?\d[\d_]*(?:[eE][+-]?\d+)?\.?)/;
const IMAGINARY_SUFFIX = /^[jJ]/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/;

/** Parses one complete Python literal; throws PythonSyntaxError (with the offset) on anything else. */
export function parsePythonLiteral(text: string): PyValue {
  const reader = new LiteralReader(text);
  const value = reader.value(0);
  reader.skipSpace();
  if (reader.pos < text.length) throw new PythonSyntaxError("unexpected text after the literal", reader.pos);
  return value;
}

/** Reads one literal starting at `pos` and returns it with the offset just past it (for embedding parsers). */
export function readPythonValue(text: string, pos: number, options: LiteralOptions = {}): { value: PyValue; end: number } {
  const reader = new LiteralReader(text, options);
  reader.pos = pos;
  const value = reader.value(0);
  return { value, end: reader.pos };
}

class LiteralReader {
  pos = 0;
  constructor(
    private readonly text: string,
    private readonly options: LiteralOptions = {},
  ) {}

  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] as string)) this.pos += 1;
  }

  value(depth: number): PyValue {
    const value = this.term(depth);
    return this.options.exactNumbers ? this.complexSum(value, depth) : value;
  }

  /** `real ± imaginary`, the one operator ast.literal_eval accepts. */
  private complexSum(left: PyValue, depth: number): PyValue {
    if (!isPyKind(left, "number") || /[jJ]$/.test(left.text)) return left;
    this.skipSpace();
    const op = this.text[this.pos];
    if (op !== "+" && op !== "-") return left;
    const start = this.pos;
    this.pos += 1;
    const right = this.term(depth + 1);
    if (!isPyKind(right, "number") || !/[jJ]$/.test(right.text) || /^[+-]/.test(right.text)) {
      throw new PythonSyntaxError("malformed node or string", start, "ValueError");
    }
    return { kind: "number", text: `${left.text}${op}${right.text}` };
  }

  private term(depth: number): PyValue {
    if (depth > MAX_DEPTH) throw new PythonSyntaxError("too deeply nested", this.pos);
    this.skipSpace();
    const ch = this.text[this.pos];
    if (ch === undefined) throw new PythonSyntaxError("unexpected end of input", this.pos);
    if (startsStringLiteral(this.text, this.pos)) return this.strings();
    if (ch === "[") return this.sequence("]", depth);
    if (ch === "(") return this.parenthesised(depth);
    if (ch === "{") return this.braced(depth);
    if (ch === "-" || ch === "+") return this.signed(depth);
    if (/[0-9.]/.test(ch)) return this.number();
    if (/[A-Za-z_]/.test(ch)) return this.named(depth);
    throw new PythonSyntaxError(`unexpected character ${JSON.stringify(ch)}`, this.pos);
  }

  /** Adjacent literals concatenate, as in Python ('a' 'b' == 'ab'). */
  private strings(): PyValue {
    let text = "";
    let bytes: boolean | null = null;
    do {
      const start = this.pos;
      const token = readStringLiteral(this.text, this.pos);
      if (bytes !== null && bytes !== token.bytes) throw new PythonSyntaxError("cannot mix bytes and str literals", start);
      bytes = token.bytes;
      text += token.value;
      this.pos = token.end;
      this.skipSpace();
    } while (startsStringLiteral(this.text, this.pos));
    return bytes ? { kind: "bytes", value: text } : text;
  }

  private sequence(closer: string, depth: number): PyValue[] {
    this.pos += 1;
    const items: PyValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === closer) break;
      items.push(this.value(depth + 1));
      if (!this.separator(closer)) break;
    }
    this.expect(closer);
    return items;
  }

  /** Consumes a comma; false when the next character is the closer instead. */
  private separator(closer: string): boolean {
    this.skipSpace();
    if (this.text[this.pos] === ",") {
      this.pos += 1;
      return true;
    }
    if (this.text[this.pos] === closer) return false;
    throw new PythonSyntaxError(`expected ',' or '${closer}'`, this.pos);
  }

  private expect(ch: string): void {
    this.skipSpace();
    if (this.text[this.pos] !== ch) throw new PythonSyntaxError(`expected '${ch}'`, this.pos);
    this.pos += 1;
  }

  /** `(x)` is x; `()` and `(x,)` and `(x, y)` are tuples. */
  private parenthesised(depth: number): PyValue {
    const start = this.pos;
    this.pos += 1;
    this.skipSpace();
    if (this.text[this.pos] === ")") {
      this.pos += 1;
      return { kind: "tuple", items: [] };
    }
    const first = this.value(depth + 1);
    this.skipSpace();
    if (this.text[this.pos] === ")") {
      this.pos += 1;
      return first;
    }
    this.pos = start;
    return { kind: "tuple", items: this.sequence(")", depth) };
  }

  private braced(depth: number): PyValue {
    const start = this.pos;
    this.pos += 1;
    this.skipSpace();
    if (this.text[this.pos] === "}") {
      this.pos += 1;
      return { kind: "dict", entries: [] };
    }
    const firstKey = this.value(depth + 1);
    this.skipSpace();
    if (this.text[this.pos] !== ":") {
      this.pos = start;
      return { kind: "set", items: this.sequence("}", depth) };
    }
    const entries: (readonly [PyValue, PyValue])[] = [];
    let key = firstKey;
    for (;;) {
      this.expect(":");
      entries.push([key, this.value(depth + 1)]);
      if (!this.separator("}")) break;
      this.skipSpace();
      if (this.text[this.pos] === "}") break;
      key = this.value(depth + 1);
    }
    this.expect("}");
    return { kind: "dict", entries };
  }

  private signed(depth: number): PyValue {
    const sign = this.text[this.pos] === "-" ? -1 : 1;
    const start = this.pos;
    this.pos += 1;
    const operand = this.term(depth + 1);
    if (typeof operand === "number") return sign * operand;
    if (isPyKind(operand, "number") && !/^[+-]/.test(operand.text)) return { kind: "number", text: sign < 0 ? `-${operand.text}` : operand.text };
    if (typeof operand === "object" && operand !== null && "kind" in operand && operand.kind === "name") {
      if (operand.name === "inf" || operand.name === "nan") return { kind: "name", name: (sign < 0 ? "-" : "") + operand.name };
    }
    throw new PythonSyntaxError("a sign must precede a number", start);
  }

  private number(): PyValue {
    const match = NUMBER.exec(this.text.slice(this.pos, this.pos + 400));
    if (!match || match[0] === ".") throw new PythonSyntaxError("invalid number", this.pos);
    const literal = match[0].replace(/_/g, "");
    this.pos += match[0].length;
    if (this.options.exactNumbers) return this.exactNumber(literal);
    if (/^0[xob]/i.test(literal)) return Number(literal.toLowerCase());
    if (/^0\d/.test(literal) && /^[0-9]+$/.test(literal) && /[1-9]/.test(literal)) {
      throw new PythonSyntaxError("leading zeros in decimal integer literals are not permitted", this.pos - match[0].length);
    }
    return Number(literal);
  }

  private exactNumber(literal: string): PyValue {
    if (/^0\d/.test(literal) && /^[0-9]+$/.test(literal) && /[1-9]/.test(literal)) {
      throw new PythonSyntaxError("leading zeros in decimal integer literals are not permitted", this.pos - literal.length);
    }
    const imaginary = !/^0[xob]/i.test(literal) && IMAGINARY_SUFFIX.test(this.text.slice(this.pos));
    if (imaginary) this.pos += 1;
    return { kind: "number", text: imaginary ? `${literal}j` : literal };
  }

  private named(depth: number): PyValue {
    const start = this.pos;
    const name = (IDENTIFIER.exec(this.text.slice(this.pos, this.pos + 300)) as RegExpExecArray)[0];
    this.pos += name.length;
    if (name === "True") return true;
    if (name === "False") return false;
    if (name === "None") return null;
    this.skipSpace();
    if (this.text[this.pos] !== "(") return { kind: "name", name };
    if (name.split(".").some((part) => /^(?:True|False|None)$/.test(part))) throw new PythonSyntaxError("invalid call", start);
    return this.call(name, depth);
  }

  private call(name: string, depth: number): PyValue {
    this.pos += 1;
    const args: PyValue[] = [];
    const kwargs: Record<string, PyValue> = {};
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === ")") break;
      const keyword = /^([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)/.exec(this.text.slice(this.pos, this.pos + 200));
      if (keyword) {
        this.pos += keyword[0].length;
        kwargs[keyword[1] as string] = this.value(depth + 1);
      } else {
        if (Object.keys(kwargs).length > 0) throw new PythonSyntaxError("positional argument follows keyword argument", this.pos);
        args.push(this.value(depth + 1));
      }
      if (!this.separator(")")) break;
    }
    this.expect(")");
    return { kind: "call", name, args, kwargs };
  }
}

/** Python's repr() of a value this module can read back (the inverse of parsePythonLiteral). */
export function formatPythonLiteral(value: PyValue): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") return reprString(value);
  if (typeof value === "number") return formatNumber(value);
  if (Array.isArray(value)) return `[${value.map(formatPythonLiteral).join(", ")}]`;
  return formatTagged(value as PyTagged);
}

function formatTagged(value: PyTagged): string {
  switch (value.kind) {
    case "tuple":
      return value.items.length === 1
        ? `(${formatPythonLiteral(value.items[0] as PyValue)},)`
        : `(${value.items.map(formatPythonLiteral).join(", ")})`;
    case "set":
      return value.items.length === 0 ? "set()" : `{${value.items.map(formatPythonLiteral).join(", ")}}`;
    case "dict":
      return `{${value.entries.map(([k, v]) => `${formatPythonLiteral(k)}: ${formatPythonLiteral(v)}`).join(", ")}}`;
    case "bytes":
      return "b" + reprString(value.value);
    case "name":
      return value.name;
    case "number":
      return value.text;
    case "call": {
      const parts = [
        ...value.args.map(formatPythonLiteral),
        ...Object.entries(value.kwargs).map(([k, v]) => `${k}=${formatPythonLiteral(v)}`),
      ];
      return `${value.name}(${parts.join(", ")})`;
    }
    default: {
      const never: never = value;
      return never;
    }
  }
}

function formatNumber(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (Number.isInteger(value) && Math.abs(value) < 1e16) return String(value);
  // JS and Python agree on shortest round-trip digits; Python pads exponents to two digits.
  return String(value).replace(/e([+-])(\d)$/, "e$10$2");
}

/** Narrows a value to a tagged kind. */
export function isPyKind<K extends PyTagged["kind"]>(value: PyValue, kind: K): value is Extract<PyTagged, { kind: K }> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && (value as PyTagged).kind === kind;
}
