import { CodedError } from "../core/errors";

export type DatasetErrorCode = "missing_file" | "bad_csv" | "missing_column" | "bad_value" | "bad_layout" | "bad_encoding" | "duplicate_row" | "unknown_domain";

/** Why a data file could not be used. Always names the file, and the 1-based line when known. */
export class DatasetError extends CodedError<DatasetErrorCode> {
  constructor(
    code: DatasetErrorCode,
    readonly file: string,
    readonly line: number | null,
    detail: string,
  ) {
    super(code, `${file}${line === null ? "" : `:${line}`}: ${detail}`);
    this.name = "DatasetError";
  }
}
