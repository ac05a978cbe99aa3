/** A parsed call string such as `calendar.delete_event.func(event_id="00000256")`. */
export interface Call {
  /** "calendar.delete_event" (without ".func"). */
  readonly tool: string;
  /** Keyword arguments in written order, values decoded from their Python string literals. */
  readonly args: Readonly<Record<string, string>>;
  /** The original string. */
  readonly raw: string;
}

/** Why a string is not a call we can run (the original would raise while eval-ing it). */
export interface CallParseError {
  readonly raw: string;
  /** Python exception the original would have raised, e.g. "SyntaxError", "NameError". */
  readonly errorType: string;
  readonly message: string;
}

export type ParsedCall = { readonly ok: true; readonly call: Call } | { readonly ok: false; readonly error: CallParseError };
