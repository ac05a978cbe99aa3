// The July 2026 amendment (upstream pull request #55): for correctness, a plot whose end date is an
// alias (2023-11-30, the sandbox's current day) counts as ending on the aliased day (2023-11-29, the
// last day with data). The path is `plots/{time_min}_{time_max}_{value_to_plot}_{plot_type}.png`.
import type { Row, SandboxState, Table } from "../sandbox/types";

const PLOT_PATH = /^(plots\/.*)_([^_]*)_((?:total_visits|session_duration_seconds|user_engaged|visits_direct|visits_referral|visits_search_engine|visits_social_media)_(?:bar|line|scatter|histogram)\.png)$/;

/** The state with aliased plot end dates rewritten; the same object when nothing changes. */
export function aliasPlotEndDates(state: SandboxState, aliases: Readonly<Record<string, string>>): SandboxState {
  if (Object.keys(aliases).length === 0) return state;
  const plots = aliasTable(state.plots, aliases);
  return plots === state.plots ? state : { ...state, plots };
}

/** Rewritten rows per alias table, so rows shared between replays are rewritten once. */
const aliasedByTable = new WeakMap<Readonly<Record<string, string>>, WeakMap<Row, Row>>();

function aliasTable(table: Table, aliases: Readonly<Record<string, string>>): Table {
  let changed = false;
  const rows = table.rows.map((row) => {
    const next = aliasRow(row, aliases);
    changed ||= next !== row;
    return next;
  });
  return changed ? { ...table, rows } : table;
}

function aliasRow(row: Row, aliases: Readonly<Record<string, string>>): Row {
  let aliased = aliasedByTable.get(aliases);
  if (!aliased) {
    aliased = new WeakMap();
    aliasedByTable.set(aliases, aliased);
  }
  const hit = aliased.get(row);
  if (hit) return hit;
  const path = row.values.file_path;
  const match = typeof path === "string" ? PLOT_PATH.exec(path) : null;
  const alias = match ? aliases[match[2] as string] : undefined;
  const next = match && alias !== undefined ? { label: row.label, values: { ...row.values, file_path: `${match[1]}_${alias}_${match[3]}` } } : row;
  aliased.set(row, next);
  return next;
}
