// The engine functions the agents build on (sandbox/tools from helper A, calls from helper B), gathered
// in one place so the agents read as one dependency.
export { executeCall } from "../tools";
export { diffStates } from "../sandbox/diff";
export { parseCall, formatCall } from "../calls";
