// Upstream's 2026 tool definitions, read at run time from the official Python sources
// (<data>/v2026/src/tools/<toolkit>.py, like the CSVs: data the product loads, never text copied into
// our code). Upstream's tool.py turns each `@tool("name")` function into what the model sees: the
// description is `func.__doc__` verbatim (CPython 3.12 keeps a docstring's indentation), and the
// argument schema comes from the signature (inspect.signature + get_type_hints). This module reads the
// same facts from the source text without running it: the decorator's name, each parameter's name,
// annotation and default, the return annotation, and the docstring literal decoded as Python does.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { readStringLiteral, startsStringLiteral } from "../../calls/python-string";
import { CodedError } from "../../core/errors";
import { TOOLKITS } from "../../core/toolkits";
import { resolveDataRoot } from "../../datasets";

export interface UpstreamParameter2026 {
  readonly name: string;
  /** The annotation's source text ("str | None"), null when there is none. */
  readonly annotation: string | null;
  /** The default's source text ('""', "None"), null when the parameter has none (then it is required). */
  readonly defaultSource: string | null;
}

export interface UpstreamTool2026 {
  /** The decorator's name, e.g. "email.send_email". */
  readonly name: string;
  readonly parameters: readonly UpstreamParameter2026[];
  /** The return annotation's source text, null when there is none. */
  readonly returns: string | null;
  /** `func.__doc__ or ""`: the docstring exactly as Python holds it. */
  readonly docstring: string;
}

/** An upstream tool source that is missing or not as expected (code "tool_source"). */
export class UpstreamToolSourceError extends CodedError<"tool_source"> {
  constructor(file: string, detail: string) {
    super("tool_source", `${file}: ${detail}`);
    this.name = "UpstreamToolSourceError";
  }
}

const DECORATOR = /^@tool\(\s*(["'])([^"'\n]+)\1\s*\)[ \t]*(?:#[^\n]*)?\n/gm;
const DEF = /^(?:async[ \t]+)?def[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*\(/;

/** Every `@tool("…")`-decorated function of one module's source, in file order. */
export function parseToolModule2026(source: string, file: string): UpstreamTool2026[] {
  const text = source.replace(/\r\n?/g, "\n");
  const tools: UpstreamTool2026[] = [];
  for (const match of text.matchAll(DECORATOR)) {
    const name = match[2] as string;
    const defStart = (match.index ?? 0) + match[0].length;
    const def = DEF.exec(text.slice(defStart));
    if (!def) throw new UpstreamToolSourceError(file, `@tool("${name}") is not followed by a def`);
    const open = defStart + def[0].length - 1;
    const close = matchingParen(text, open, file);
    const parameters = splitTopLevel(text.slice(open + 1, close), file).map((part) => parameterOf(part, file));
    // The ":" ending the def header, after any return annotation.
    const colon = topLevelIndexOf(text, ":", close + 1);
    if (colon < 0) throw new UpstreamToolSourceError(file, "def header without ':'");
    const arrow = text.slice(close + 1, colon).trim();
    const returns = arrow.startsWith("->") ? arrow.slice(2).trim() : null;
    tools.push({ name, parameters, returns, docstring: docstringAfter(text, colon + 1) });
  }
  return tools;
}

const OPENERS = "([{";
const CLOSERS = ")]}";

interface CodeChar {
  readonly at: number;
  readonly ch: string;
  /** Bracket depth after this character: 0 on a top-level character and on a closer back at the top. */
  readonly depth: number;
}

/**
 * The characters of `text` from `from` that are code (string literals and comments skipped), each with
 * its bracket depth: the one scan behind every "find X at the top level" this module needs.
 */
function* codeChars(text: string, from = 0): Generator<CodeChar> {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const skipped = skipStringOrComment(text, i);
    if (skipped !== i) {
      i = skipped - 1;
      continue;
    }
    const ch = text[i] as string;
    if (OPENERS.includes(ch)) depth++;
    else if (CLOSERS.includes(ch)) depth--;
    yield { at: i, ch, depth };
  }
}

/** Offset of the first `target` outside brackets, strings and comments from `from`; -1 when there is none. */
function topLevelIndexOf(text: string, target: string, from = 0): number {
  for (const { at, ch, depth } of codeChars(text, from)) if (ch === target && depth === 0) return at;
  return -1;
}

/** Index of the bracket closing the one at `open`. */
function matchingParen(text: string, open: number, file: string): number {
  for (const { at, ch, depth } of codeChars(text, open)) if (CLOSERS.includes(ch) && depth === 0) return at;
  throw new UpstreamToolSourceError(file, `unclosed bracket at offset ${open}`);
}

/** Past a string literal or comment starting at `i`, else `i`. */
function skipStringOrComment(text: string, i: number): number {
  if (text[i] === "#") return lineEnd(text, i);
  if ((text[i] === '"' || text[i] === "'" || /[rRuUbB]/.test(text[i] ?? "")) && startsStringLiteral(text, i)) {
    // A name ending in r/u/b directly before a quote is not a prefix; the def's source has no such name.
    return readStringLiteral(text, i).end;
  }
  return i;
}

function lineEnd(text: string, i: number): number {
  const end = text.indexOf("\n", i);
  return end < 0 ? text.length : end;
}

/** The comma-separated parts of a parameter list at bracket depth 0 (empty parts dropped). */
function splitTopLevel(list: string, file: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let depth = 0;
  for (const char of codeChars(list)) {
    depth = char.depth;
    if (char.ch === "," && depth === 0) {
      parts.push(list.slice(start, char.at));
      start = char.at + 1;
    }
  }
  parts.push(list.slice(start));
  if (depth !== 0) throw new UpstreamToolSourceError(file, "unbalanced brackets in a parameter list");
  return parts.map((part) => withoutComments(part).trim()).filter((part) => part.length > 0);
}

/** `text` without its comments; a "#" inside a string literal stays. */
function withoutComments(text: string): string {
  let kept = "";
  for (let i = 0; i < text.length; ) {
    const past = skipStringOrComment(text, i);
    if (past === i) kept += text[i++];
    else {
      if (text[i] !== "#") kept += text.slice(i, past);
      i = past;
    }
  }
  return kept;
}

function parameterOf(part: string, file: string): UpstreamParameter2026 {
  if (part === "*" || part === "/" || part.startsWith("*")) {
    throw new UpstreamToolSourceError(file, `parameter "${part}" is not a plain keyword parameter`);
  }
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(part)?.[0];
  if (!name) throw new UpstreamToolSourceError(file, `cannot read parameter "${part}"`);
  let rest = part.slice(name.length).trim();
  let annotation: string | null = null;
  if (rest.startsWith(":")) {
    const equals = topLevelIndexOf(rest, "=");
    annotation = rest.slice(1, equals < 0 ? undefined : equals).trim();
    rest = equals < 0 ? "" : rest.slice(equals);
  }
  const defaultSource = rest.startsWith("=") ? rest.slice(1).trim() : null;
  return { name, annotation, defaultSource };
}

/**
 * The function's docstring: its first statement when that is a string literal (adjacent literals
 * concatenate, as Python's parser joins them), else "".
 */
function docstringAfter(text: string, from: number): string {
  let i = skipBlank(text, from);
  if (!startsStringLiteral(text, i)) return "";
  let doc = "";
  while (startsStringLiteral(text, i)) {
    const token = readStringLiteral(text, i);
    if (token.bytes) return ""; // a bytes literal is not a docstring (__doc__ is None)
    doc += token.value;
    // Literals continue the statement only on the same line (or after a backslash continuation).
    let j = skipInline(text, token.end);
    if (text.startsWith("\\\n", j)) j = skipInline(text, j + 2);
    i = j;
  }
  return doc;
}

function skipInline(text: string, i: number): number {
  while (text[i] === " " || text[i] === "\t") i++;
  return i;
}

/** Past whitespace, newlines and comment lines. */
function skipBlank(text: string, i: number): number {
  for (;;) {
    i = skipInline(text, i);
    if (text[i] === "\n") i++;
    else if (text[i] === "#") i = lineEnd(text, i);
    else return i;
  }
}

/**
 * Where the official 2026 tool sources are: <data root>/v2026/src/tools of the data directory the
 * engine was handed (EngineSettings.dataDir), else of the copy `npm start` fetched into
 * .data/workbench-data. The first candidate when neither exists (the error then names it).
 */
export function toolSourcesDir2026(dataDir: string, cwd: string = process.cwd()): string {
  const candidates = [dataDir, path.join(cwd, ".data", "workbench-data")].map((dir) => {
    // turbopackIgnore: the data folder is the user's, outside the app, read at run time only; without it
    // Turbopack's file tracing would copy the whole project into the build's output (`next start` runs
    // from this checkout and needs no traced copy), and warns about it at every build.
    let root = path.resolve(/*turbopackIgnore: true*/ dir);
    try {
      root = resolveDataRoot(dir);
    } catch {
      // Not a data directory: its v2026/src/tools is simply absent.
    }
    return path.join(root, "v2026", "src", "tools");
  });
  return candidates.find((dir) => existsSync(/*turbopackIgnore: true*/ dir)) ?? (candidates[0] as string);
}

const loaded = new Map<string, ReadonlyMap<string, UpstreamTool2026>>();

/**
 * Every upstream 2026 tool by name, read from the six toolkit modules (once per directory per
 * process). A missing or unreadable file fails naming it and how to get it.
 */
export function loadUpstreamTools2026(dir: string): ReadonlyMap<string, UpstreamTool2026> {
  const cached = loaded.get(dir);
  if (cached) return cached;
  const tools = new Map<string, UpstreamTool2026>();
  // Each toolkit module of toolkits.py, in `<module>.py`.
  for (const module of TOOLKITS) {
    const file = path.join(dir, `${module}.py`);
    let source: string;
    try {
      source = readFileSync(/*turbopackIgnore: true*/ file, "utf8");
    } catch {
      throw new UpstreamToolSourceError(file, "upstream 2026 tool source missing (run `npm run workbench -- fetch --out .data/workbench-data` to download it)");
    }
    for (const tool of parseToolModule2026(source, file)) tools.set(tool.name, tool);
  }
  loaded.set(dir, tools);
  return tools;
}

/**
 * One tool's upstream definition, from the tool sources under the data folder `dataDir`; fails naming
 * the tool when the sources do not define it.
 */
export function upstreamTool2026(name: string, dataDir: string): UpstreamTool2026 {
  const dir = toolSourcesDir2026(dataDir);
  const tool = loadUpstreamTools2026(dir).get(name);
  if (!tool) throw new UpstreamToolSourceError(dir, `no @tool("${name}") in the upstream 2026 tool sources`);
  return tool;
}
