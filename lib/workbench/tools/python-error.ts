/**
 * An exception the original Python tool would raise. Tools throw it; the tool wrapper turns it into
 * `{ ok: false, errorType, message }` (the original evaluator skipped such calls).
 */
import { CodedError } from "../core/errors";

export class PythonError extends CodedError {
  constructor(
    /** The Python exception type; also the error's code. */
    readonly errorType: string,
    message: string,
  ) {
    super(errorType, message);
    this.name = "PythonError";
  }
}
