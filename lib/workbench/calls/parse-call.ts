// Parses call strings such as `calendar.delete_event.func(event_id="00000256")` the way the original's
// eval() would accept or reject them, without evaluating anything. Syntax is checked over the whole
// string first (Python reports a SyntaxError before running any of it); name and argument problems
// come after, with the exception Python would raise.
import { isToolkit } from "../core/toolkits";
import type { ParsedCall } from "./types";
import { readPythonValue, type PyValue } from "./python-literal";
import { pythonStrOfLiteral, readLiteralStr } from "./python-literal-eval";
import { PythonSyntaxError, readStringLiteral, startsStringLiteral } from "./python-string";

/**
 * How a protocol's harness turns a call string into a tool call. 2024: `eval()` of the string in the
 * evaluator's namespace (src/evals/utils.py). 2026: `ast.parse` + a dispatcher (src/evals/actions.py
 * `_parse_and_dispatch` at f7bed57).
 */
export interface CallDialect {
  /** "required": only `<toolkit>.<tool>.func(...)` runs; "optional": a trailing `.func` is dropped if present (actions.py:42). */
  readonly funcSuffix: "required" | "optional";
  /** "error": TypeError (the tools take keywords only); "ignored": dropped (actions.py:52 reads only `call.keywords`). */
  readonly positionalArguments: "error" | "ignored";
  /** "error": a non-str value fails; "str": `str(ast.literal_eval(value))` is passed (actions.py:55-56). */
  readonly nonStringValues: "error" | "str";
  /** Python's compiler rejects `f(a=1, a=2)`; `ast.parse` accepts it and the dispatcher keeps the last value. */
  readonly repeatedKeywords: "syntax-error" | "last-wins";
  /** eval() strips leading spaces; `ast.parse` raises IndentationError on them. */
  readonly leadingWhitespace: "ignored" | "indentation-error";
  /**
   * A call as the one element of a tuple, list or set display (`(f(),)`, `f(),`, `[f()]`, `{f()}`):
   * eval() runs the call while building the display; `ast.parse` gives a Tuple/List/Set, not a Call,
   * and the dispatcher runs nothing and reports failure (actions.py:29-31, no exception raised).
   */
  readonly callInDisplay: "executed" | "not-dispatched";
  /**
   * How the harness wrote a call's values into the string: as they are (2024, so a `"` breaks the
   * call) or with `\\`, `\"` and `\n` escaped (2026 actions.py:18-24 `_escape_arg_value`).
   */
  readonly valueEscaping: "none" | "escape";
}

/** The 2024 paper's evaluator: eval() of the string. */
export const CALL_DIALECT_2024: CallDialect = {
  funcSuffix: "required",
  positionalArguments: "error",
  nonStringValues: "error",
  repeatedKeywords: "syntax-error",
  leadingWhitespace: "ignored",
  callInDisplay: "executed",
  valueEscaping: "none",
};

/** WorkBench Revisited (2026): ast.parse + dispatch (src/evals/actions.py at f7bed57). */
export const CALL_DIALECT_2026: CallDialect = {
  funcSuffix: "optional",
  positionalArguments: "ignored",
  nonStringValues: "str",
  repeatedKeywords: "last-wins",
  leadingWhitespace: "indentation-error",
  callInDisplay: "not-dispatched",
  valueEscaping: "escape",
};

/**
 * The original evaluator's namespace binds the toolkit modules (core/toolkits.ts) and these others: a
 * call through one of them fails with AttributeError, through an unknown name with NameError.
 */
export const OTHER_EVALUATOR_MODULES: ReadonlySet<string> = new Set(["re", "os", "pd", "random", "ast", "csv"]);
const PYTHON_KEYWORDS = new Set(
  ("False None True and as assert async await break class continue def del elif else except finally for " +
    "from global if import in is lambda nonlocal not or pass raise return try while with yield").split(" "),
);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*/;

interface Argument {
  readonly keyword: string | null;
  readonly value: PyValue;
  /** True when the value was written as str literal(s). */
  readonly isString: boolean;
  /** The value's source text. */
  readonly source: string;
}

/** The original's preprocessing (quirk 4): real newlines become the two characters `\n`. */
export function preprocessCall(raw: string): string {
  return raw.includes("\n") ? raw.replaceAll("\n", "\\n") : raw;
}

/** The 2024 parser (eval() semantics). */
export function parseCall(raw: string): ParsedCall {
  return parseCallWith(CALL_DIALECT_2024, raw);
}

/** Parses a call string under a protocol's dialect; never evaluates anything. */
export function parseCallWith(dialect: CallDialect, raw: string): ParsedCall {
  const source = preprocessCall(raw);
  try {
    if (dialect.leadingWhitespace === "indentation-error" && /^[ \t\f]/.test(source)) {
      throw new PythonSyntaxError("unexpected indent", 0, "IndentationError");
    }
    const { names, args, display } = new CallSyntax(source, dialect).read();
    if (display && dialect.callInDisplay === "not-dispatched") {
      return { ok: false, error: { raw, errorType: "NotACall", message: `a ${display} holding a call is not a call: nothing was dispatched` } };
    }
    return dialect.funcSuffix === "required" ? evalCall(raw, names, args) : dispatchedCall(dialect, raw, names, args);
  } catch (error) {
    if (!(error instanceof PythonSyntaxError)) throw error;
    return { ok: false, error: { raw, errorType: error.errorType, message: error.message } };
  }
}

function evalCall(raw: string, names: readonly string[], args: readonly Argument[]): ParsedCall {
  const problem = checkSemantics(names, args);
  if (problem) return { ok: false, error: { raw, ...problem } };
  const values: Record<string, string> = {};
  for (const arg of args) values[arg.keyword as string] = arg.value as string;
  return { ok: true, call: { tool: names.slice(0, 2).join("."), args: values, raw } };
}

/**
 * actions.py `_parse_and_dispatch`: the tool is the dotted name without a trailing `.func` (when there
 * are at least three parts); positional arguments are dropped; every keyword value is
 * `str(ast.literal_eval(value))`. Whether the name is a tool is the tool set's to say.
 */
function dispatchedCall(dialect: CallDialect, raw: string, names: readonly string[], args: readonly Argument[]): ParsedCall {
  const parts = names.length >= 3 && names[names.length - 1] === "func" ? names.slice(0, -1) : names;
  const values: Record<string, string> = {};
  for (const arg of args) {
    if (arg.keyword === null) {
      if (dialect.positionalArguments === "error") return { ok: false, error: { raw, errorType: "TypeError", message: "positional arguments are not supported" } };
      continue;
    }
    values[arg.keyword] = arg.isString ? (arg.value as string) : pythonStrOfLiteral(arg.source);
  }
  return { ok: true, call: { tool: parts.join("."), args: values, raw } };
}

function checkSemantics(names: readonly string[], args: readonly Argument[]): { errorType: string; message: string } | null {
  const [root = "", , ...rest] = names;
  if (!isToolkit(root)) {
    return OTHER_EVALUATOR_MODULES.has(root)
      ? { errorType: "AttributeError", message: `module '${root}' has no attribute '${names[1] ?? ""}'` }
      : { errorType: "NameError", message: `name '${root}' is not defined` };
  }
  if (names.length === 2) {
    return { errorType: "TypeError", message: `'${names.join(".")}' is a tool object, not its function (missing .func)` };
  }
  if (names.length !== 3 || rest[0] !== "func") {
    return { errorType: "AttributeError", message: `'${names.slice(0, -1).join(".")}' has no attribute '${names.at(-1) ?? ""}'` };
  }
  for (const arg of args) {
    if (arg.keyword === null) return { errorType: "TypeError", message: "positional arguments are not supported" };
    if (!arg.isString) return { errorType: nonStringErrorType(arg.value), message: `argument '${arg.keyword}' is not a string` };
  }
  return null;
}

function nonStringErrorType(value: PyValue): string {
  const isName = typeof value === "object" && value !== null && !Array.isArray(value) && "kind" in value && value.kind === "name";
  return isName ? "NameError" : "TypeError";
}

/** What a call string reads as: a dotted name, a call of one, or a one-element display around either. */
type Expression =
  | { readonly kind: "name"; readonly names: readonly string[] }
  | { readonly kind: "call"; readonly names: readonly string[]; readonly args: readonly Argument[] }
  | { readonly kind: "display"; readonly display: Display; readonly element: Expression };

type Display = "tuple" | "list" | "set";

const CLOSING: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}" };

/**
 * Python's parser accepts a call (and its callee) in grouping brackets, at any depth and with spaces
 * inside: eval() runs it and `ast.parse` drops the brackets, so both evaluators run the call. Other
 * expressions around a call (an operator, an attribute or call of its result, a display of several
 * calls) are refused: eval() would run the call inside them, a case no recorded call string has.
 */
class UnsupportedExpressionError extends PythonSyntaxError {
  constructor(what: string, position: number) {
    super(`not supported: ${what} (a call string is run as one call)`, position, "UnsupportedExpression");
  }
}

/**
 * Recursive-descent reader for `name(.name)* ( [arg (, arg)* [,]] )`, in grouping brackets or one
 * display if any, with an optional comment and nothing else after it.
 */
class CallSyntax {
  private pos = 0;
  constructor(
    private readonly text: string,
    private readonly dialect: CallDialect,
  ) {}

  read(): { names: readonly string[]; args: readonly Argument[]; display: Display | null } {
    let expression = this.primary();
    this.skipSpace();
    if (expression.kind === "name") throw new PythonSyntaxError("invalid syntax: expected '('", this.pos);
    // A bare trailing comma makes a one-element tuple: `f(),`.
    if (this.text[this.pos] === ",") {
      this.pos += 1;
      this.skipSpace();
      expression = { kind: "display", display: "tuple", element: expression };
    }
    // A trailing comment is Python's too: eval() and ast.parse both accept it.
    if (this.text[this.pos] === "#") this.pos = this.text.length;
    if (this.pos < this.text.length) throw new PythonSyntaxError("invalid syntax: text after the call", this.pos);
    let display: Display | null = null;
    while (expression.kind === "display") {
      display ??= expression.display;
      expression = expression.element;
    }
    if (expression.kind !== "call") throw new PythonSyntaxError("invalid syntax: expected '('", this.pos);
    return { names: expression.names, args: expression.args, display };
  }

  private skipSpace(): void {
    while (this.text[this.pos] === " " || this.text[this.pos] === "\t") this.pos += 1;
  }

  private identifier(): string {
    this.skipSpace();
    const match = IDENTIFIER.exec(this.text.slice(this.pos, this.pos + 200));
    if (!match) throw new PythonSyntaxError("invalid syntax: expected a name", this.pos);
    this.pos += match[0].length;
    return match[0];
  }

  /** An atom followed by `.name` and `(arguments)` trailers. */
  private primary(): Expression {
    let expression = this.atom();
    for (;;) {
      this.skipSpace();
      const at = this.pos;
      const next = this.text[at];
      if (next !== "." && next !== "(") return expression;
      if (expression.kind !== "name") throw new UnsupportedExpressionError(`${next === "." ? "an attribute" : "a call"} of ${expression.kind === "call" ? "a call's result" : "a display"}`, at);
      this.pos += 1;
      expression = next === "." ? { kind: "name", names: [...expression.names, this.identifier()] } : { kind: "call", names: expression.names, args: this.arguments() };
    }
  }

  /** A name, or a bracketed expression: grouping (no trace left, as in Python's AST) or a one-element display. */
  private atom(): Expression {
    this.skipSpace();
    const open = this.text[this.pos] ?? "";
    const close = CLOSING[open];
    if (!close) return { kind: "name", names: [this.identifier()] };
    this.pos += 1;
    const element = this.primary();
    this.skipSpace();
    let display: Display | null = open === "[" ? "list" : open === "{" ? "set" : null;
    if (this.text[this.pos] === ",") {
      this.pos += 1;
      display ??= "tuple";
    }
    this.skipSpace();
    if (this.text[this.pos] !== close && display !== null && this.text[this.pos] !== undefined) {
      throw new UnsupportedExpressionError(`a ${display} with more than the call in it`, this.pos);
    }
    this.expect(close);
    return display ? { kind: "display", display, element } : element;
  }

  private expect(ch: string): void {
    this.skipSpace();
    if (this.text[this.pos] !== ch) throw new PythonSyntaxError(`invalid syntax: expected '${ch}'`, this.pos);
    this.pos += 1;
  }

  private arguments(): Argument[] {
    const args: Argument[] = [];
    const seen = new Set<string>();
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === ")") break;
      if (this.text[this.pos] === "*" && this.dialect.positionalArguments === "ignored") {
        this.skipUnpacking();
      } else {
        const arg = this.argument();
        if (arg.keyword !== null) {
          if (seen.has(arg.keyword) && this.dialect.repeatedKeywords === "syntax-error") throw new PythonSyntaxError(`keyword argument repeated: ${arg.keyword}`, this.pos);
          seen.add(arg.keyword);
        } else if (seen.size > 0) {
          throw new PythonSyntaxError("positional argument follows keyword argument", this.pos);
        }
        args.push(arg);
      }
      this.skipSpace();
      if (this.text[this.pos] !== ",") break;
      this.pos += 1;
    }
    this.expect(")");
    return args;
  }

  /** `*value` / `**value`: never read by the 2026 dispatcher (actions.py:52-54), so only their syntax matters. */
  private skipUnpacking(): void {
    this.pos += this.text[this.pos + 1] === "*" ? 2 : 1;
    this.skipSpace();
    this.pos = readPythonValue(this.text, this.pos).end;
  }

  private argument(): Argument {
    const keyword = /^([A-Za-z_][A-Za-z0-9_]*)[ \t]*=(?!=)/.exec(this.text.slice(this.pos, this.pos + 200));
    if (keyword) {
      const name = keyword[1] as string;
      if (PYTHON_KEYWORDS.has(name)) throw new PythonSyntaxError(`invalid syntax: '${name}' is a keyword`, this.pos);
      this.pos += keyword[0].length;
      this.skipSpace();
    }
    const start = this.pos;
    const value = this.argumentValue();
    return { keyword: keyword ? (keyword[1] as string) : null, ...value, source: this.text.slice(start, this.pos) };
  }

  private argumentValue(): { value: PyValue; isString: boolean } {
    if (!startsStringLiteral(this.text, this.pos)) {
      const literal = this.dialect.nonStringValues === "str" ? this.tryLiteral() : null;
      if (literal) return literal;
      const { value, end } = readPythonValue(this.text, this.pos);
      this.pos = end;
      return { value, isString: false };
    }
    // Adjacent literals concatenate; a bytes literal is not a str.
    let value = "";
    let isString = true;
    while (startsStringLiteral(this.text, this.pos)) {
      const token = readStringLiteral(this.text, this.pos);
      value += token.value;
      isString &&= !token.bytes;
      this.pos = token.end;
      this.skipSpace();
    }
    return { value, isString };
  }

  /** Under the 2026 dialect a literal value (`1+2j` included) is read as its str(); null when it is none. */
  private tryLiteral(): { value: PyValue; isString: boolean } | null {
    try {
      const { value, end } = readLiteralStr(this.text, this.pos);
      this.pos = end;
      return { value, isString: true };
    } catch (error) {
      if (error instanceof PythonSyntaxError) return null;
      throw error;
    }
  }
}
