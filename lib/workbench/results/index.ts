export type { RecordedResult, RecordedStep } from "./types";
export { loadRecordedResultsDir, loadRecordedResultsFile, parseResultsFileName } from "./load";
export { parseFullResponse, type ParsedFullResponse } from "./full-response";
export { pyToJs } from "./python-to-js";
