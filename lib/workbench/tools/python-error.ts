/**
 * An exception the original Python tool would raise. Tools throw it; the tool wrapper turns it into
 * `{ ok: false, errorType, message }` (the original evaluator skipped such calls).
 */
export class PythonError extends Error {
  constructor(
    readonly errorType: string,
    message: string,
  ) {
    super(message);
    this.name = "PythonError";
  }
}
