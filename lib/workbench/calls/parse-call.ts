// Parses call strings such as `calendar.delete_event.func(event_id="00000256")` the way the original's
// eval() would accept or reject them, without evaluating anything. Syntax is checked over the whole
// string first (Python reports a SyntaxError before running any of it); name and argument problems
// come after, with the exception Python would raise.
import type { ParsedCall } from "./types";
import { readPythonValue, type PyValue } from "./python-literal";
import { PythonSyntaxError, readStringLiteral, startsStringLiteral } from "./python-string";

/** Toolkit modules bound in the original evaluator's namespace. */
export const TOOLKIT_NAMES = [
  "calendar",
  "email",
  "analytics",
  "project_management",
  "customer_relationship_manager",
  "company_directory",
] as const;
/** Other modules in that namespace: a call through them fails with AttributeError, not NameError. */
const OTHER_MODULES = new Set(["re", "os", "pd", "random", "ast", "csv"]);
const TOOLKITS: ReadonlySet<string> = new Set(TOOLKIT_NAMES);
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
}

/** The original's preprocessing (quirk 4): real newlines become the two characters `\n`. */
export function preprocessCall(raw: string): string {
  return raw.includes("\n") ? raw.replaceAll("\n", "\\n") : raw;
}

export function parseCall(raw: string): ParsedCall {
  const source = preprocessCall(raw);
  let names: string[];
  let args: Argument[];
  try {
    ({ names, args } = new CallSyntax(source).read());
  } catch (error) {
    if (!(error instanceof PythonSyntaxError)) throw error;
    return { ok: false, error: { raw, errorType: error.errorType, message: error.message } };
  }
  const problem = checkSemantics(names, args);
  if (problem) return { ok: false, error: { raw, ...problem } };
  const values: Record<string, string> = {};
  for (const arg of args) values[arg.keyword as string] = arg.value as string;
  return { ok: true, call: { tool: names.slice(0, 2).join("."), args: values, raw } };
}

function checkSemantics(names: readonly string[], args: readonly Argument[]): { errorType: string; message: string } | null {
  const [root = "", , ...rest] = names;
  if (!TOOLKITS.has(root)) {
    return OTHER_MODULES.has(root)
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

/** Recursive-descent reader for `name(.name)* ( [arg (, arg)* [,]] )` and nothing after it. */
class CallSyntax {
  private pos = 0;
  constructor(private readonly text: string) {}

  read(): { names: string[]; args: Argument[] } {
    const names = this.dottedName();
    this.expect("(");
    const args = this.arguments();
    this.skipSpace();
    if (this.pos < this.text.length) throw new PythonSyntaxError("invalid syntax: text after the call", this.pos);
    return { names, args };
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

  private dottedName(): string[] {
    const names = [this.identifier()];
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== ".") return names;
      this.pos += 1;
      names.push(this.identifier());
    }
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
      const arg = this.argument();
      if (arg.keyword !== null) {
        if (seen.has(arg.keyword)) throw new PythonSyntaxError(`keyword argument repeated: ${arg.keyword}`, this.pos);
        seen.add(arg.keyword);
      } else if (seen.size > 0) {
        throw new PythonSyntaxError("positional argument follows keyword argument", this.pos);
      }
      args.push(arg);
      this.skipSpace();
      if (this.text[this.pos] !== ",") break;
      this.pos += 1;
    }
    this.expect(")");
    return args;
  }

  private argument(): Argument {
    const keyword = /^([A-Za-z_][A-Za-z0-9_]*)[ \t]*=(?!=)/.exec(this.text.slice(this.pos, this.pos + 200));
    if (keyword) {
      const name = keyword[1] as string;
      if (PYTHON_KEYWORDS.has(name)) throw new PythonSyntaxError(`invalid syntax: '${name}' is a keyword`, this.pos);
      this.pos += keyword[0].length;
      this.skipSpace();
    }
    return { keyword: keyword ? (keyword[1] as string) : null, ...this.argumentValue() };
  }

  private argumentValue(): { value: PyValue; isString: boolean } {
    if (!startsStringLiteral(this.text, this.pos)) {
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
}
