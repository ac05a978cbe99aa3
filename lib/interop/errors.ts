// The one error of the interop formats: a run a format cannot hold (wrong protocol), or a file that is
// not what its format says (not an Inspect log, not WorkBench's tools or tasks).
import { CodedError } from "@/lib/errors";

export class InteropError extends CodedError<"wrong_protocol" | "not_workbench" | "bad_log"> {
  constructor(code: InteropError["code"], message: string, options?: ErrorOptions) {
    super(code, message, options);
    this.name = "InteropError";
  }
}
