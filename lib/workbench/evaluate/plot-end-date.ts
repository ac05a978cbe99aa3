// The July 2026 amendment (upstream pull request #55, commit 228cbe6, src/evals/evaluation.py
// `accept_either_chart_end_date`): before correctness is judged, the predicted and the ground-truth
// call strings are rewritten as TEXT. In every call whose text starts with `analytics.create_plot`, each
// occurrence of exactly `time_max="2023-11-30"` becomes `time_max="2023-11-29"`. Nothing is parsed, so
// any other spelling of the same argument (single quotes, spaces around `=`, a raw string, an escaped
// dash, concatenated literals, …) is left alone and scores as upstream scores it: incorrect.

/** One rewrite of call text: in calls starting with `callPrefix`, every `find` becomes `replaceWith`. */
export interface CallTextRewrite {
  readonly callPrefix: string;
  readonly find: string;
  readonly replaceWith: string;
}

/** Upstream's amendment as data: today's date as a chart's end date is read as yesterday's. */
export const ACCEPT_EITHER_CHART_END_DATE: CallTextRewrite = {
  callPrefix: "analytics.create_plot",
  find: 'time_max="2023-11-30"',
  replaceWith: 'time_max="2023-11-29"',
};

/** The calls with every rewrite applied in order; the same array when no call changes. */
export function rewriteCallText(calls: readonly string[], rewrites: readonly CallTextRewrite[]): readonly string[] {
  if (rewrites.length === 0) return calls;
  let changed = false;
  const rewritten = calls.map((call) => {
    const next = rewrites.reduce(
      // split/join rather than replaceAll: a replacement string's `$` patterns must not be interpreted.
      (text, rule) => (text.startsWith(rule.callPrefix) ? text.split(rule.find).join(rule.replaceWith) : text),
      call,
    );
    changed ||= next !== call;
    return next;
  });
  return changed ? rewritten : calls;
}
