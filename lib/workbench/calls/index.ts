export type { Call, CallParseError, ParsedCall } from "./types";
export { parseCall, preprocessCall, TOOLKIT_NAMES } from "./parse-call";
export { parseCallList } from "./call-list";
export { formatCall, pythonStr } from "./format-call";
export { parsePythonLiteral, formatPythonLiteral, readPythonValue, isPyKind, type PyValue, type PyTagged } from "./python-literal";
export { PythonSyntaxError, reprString } from "./python-string";
