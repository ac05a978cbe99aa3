export type { Call, CallParseError, ParsedCall } from "./types";
export { parseCall, parseCallWith, preprocessCall, CALL_DIALECT_2024, CALL_DIALECT_2026, type CallDialect } from "./parse-call";
export { parseCallList } from "./call-list";
export { formatCall, pythonStr } from "./format-call";
export { parsePythonLiteral, formatPythonLiteral, readPythonValue, isPyKind, type PyValue, type PyTagged } from "./python-literal";
export { PythonSyntaxError, reprString } from "./python-string";
