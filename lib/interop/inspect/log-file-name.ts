// An exported log's file name as Inspect names its own (inspect_ai/log/_recorders/file.py
// `_log_file_key`): `{created}_{task}_{id}.json`, each part passed through `clean_filename_component`
// (`_`, `/`, `:` and `+` become `-`), `created` as `iso_now()` writes it (UTC, whole seconds,
// `+00:00`). Inspect's listing (`inspect view`, `inspect log list`, `list_eval_logs` and so its
// dataframes) keeps only JSON logs whose name starts with such a timestamp (log/_file.py
// `log_file_pattern`) and reads task and id back by splitting the name on `_`. The id is the run's
// (the log's `eval.run_id`, a cuid: letters and digits, so it reads back whole); Inspect puts its
// `task_id` there, which for Studio's logs names the ground truth and is not unique per run.

/** What the name is made of: the log's eval spec (created, task, run id). */
export interface LogNameParts {
  readonly created: string;
  readonly task: string;
  readonly run_id: string;
}

/** inspect_ai/_util/file.py clean_filename_component. */
export function cleanFilenameComponent(component: string): string {
  return component.replaceAll("_", "-").replaceAll("/", "-").replaceAll(":", "-").replaceAll("+", "-");
}

/** `datetime.isoformat(timespec="seconds")` of the time in UTC: `2026-11-28T22:14:22+00:00`. */
export function isoSeconds(at: Date): string {
  return `${at.toISOString().slice(0, 19)}+00:00`;
}

/** Inspect's name for a log with this eval spec, e.g. `2026-11-27T09-59-00-00-00_workbench_cmi3….json`. */
export function inspectLogFileName(spec: LogNameParts, extension = ".json"): string {
  const created = isoSeconds(new Date(spec.created));
  return `${[created, spec.task, spec.run_id].map(cleanFilenameComponent).join("_")}${extension}`;
}

/** log/_file.py log_file_pattern: the names Inspect's listing accepts as logs. */
export const INSPECT_LOG_FILE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}[:-]\d{2}[:-]\d{2}.*$/;
