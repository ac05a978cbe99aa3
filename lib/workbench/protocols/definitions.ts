// The two protocols as data. Everything the evaluator, the replay and a live agent need to behave as
// the 2024 paper's harness or as WorkBench Revisited (2026) is read from these objects.
import { SCORED_TABLES } from "../sandbox/types";
import { CALL_DIALECT_2024, CALL_DIALECT_2026, parseCallWith, type CallDialect } from "../calls/parse-call";
import { cachedCallParser } from "../calls/cached-parser";
import { formatCall } from "../calls/format-call";
import { TOOLS_2024, TOOLS_2026 } from "../tools";
import { ACCEPT_EITHER_CHART_END_DATE } from "../evaluate/plot-end-date";
import type { Protocol, ProtocolId, RevisionInfo, ScoringRevision, ScoringRules } from "./types";

const RULES_2024: ScoringRules = {
  revision: "2024",
  stateComparison: "ordered",
  sideEffectTables: SCORED_TABLES,
  changeComparison: "ordered-raw",
  failedCallFailsState: false,
  callTextRewrites: [],
};

const RULES_2026_06: ScoringRules = {
  revision: "2026-06",
  stateComparison: "unordered",
  // src/evals/evaluation.py:14 (f7bed57) SIDE_EFFECT_STATE_FIELDS: plots are harmless.
  sideEffectTables: SCORED_TABLES.filter((name) => name !== "plots"),
  changeComparison: "unordered-raw",
  failedCallFailsState: true,
  callTextRewrites: [],
};

const RULES_2026_07: ScoringRules = {
  ...RULES_2026_06,
  revision: "2026-07",
  // Upstream pull request #55 (228cbe6): a plot ending on the sandbox's current day counts as ending on
  // the last day with data, by rewriting the call text before replay (evaluation.py is_correct).
  callTextRewrites: [ACCEPT_EITHER_CHART_END_DATE],
};

const REVISIONS_2024: readonly RevisionInfo[] = [
  { id: "2024", label: "2024 (paper)", description: "The paper's evaluator (src/evals/utils.py at 42f1b6d)." },
];

const REVISIONS_2026: readonly RevisionInfo[] = [
  { id: "2026-06", label: "2026-06 (as published)", description: "WorkBench Revisited as published in June 2026." },
  {
    id: "2026-07",
    label: "2026-07 (plot end-date amendment)",
    description: "July 2026 amendment (upstream PR #55): a plot ending on 2023-11-30 is accepted for 2023-11-29.",
  },
];

/** One parser per dialect for the process, cached (calls/cached-parser.ts): agents and scorers share it. */
function parserFor(dialect: CallDialect) {
  return cachedCallParser((raw: string) => parseCallWith(dialect, raw), { entries: 10_000, maxLength: 1_000 });
}

function formatterFor(dialect: CallDialect) {
  return (tool: string, args: Readonly<Record<string, unknown>>) => formatCall(tool, args, dialect.valueEscaping);
}

function rulesFor(protocol: ProtocolId, table: Readonly<Partial<Record<ScoringRevision, ScoringRules>>>) {
  return (revision: ScoringRevision): ScoringRules => {
    const rules = table[revision];
    if (!rules) throw new Error(`Protocol ${protocol} has no scoring revision ${revision}`);
    return rules;
  };
}

export const PROTOCOLS: Readonly<Record<ProtocolId, Protocol>> = {
  "2024": {
    id: "2024",
    label: "WorkBench 2024 (paper)",
    description: "The 2024 paper's ReAct harness, tools and evaluator.",
    defaultGroundTruth: "v1",
    revisions: REVISIONS_2024,
    tools: TOOLS_2024,
    callDialect: CALL_DIALECT_2024,
    parseCall: parserFor(CALL_DIALECT_2024),
    formatCall: formatterFor(CALL_DIALECT_2024),
    scoringRules: rulesFor("2024", { "2024": RULES_2024 }),
  },
  "2026": {
    id: "2026",
    label: "WorkBench Revisited 2026",
    description: "The 2026 native tool-calling harness, its tools, call parser and evaluator.",
    defaultGroundTruth: "v2026",
    revisions: REVISIONS_2026,
    tools: TOOLS_2026,
    callDialect: CALL_DIALECT_2026,
    parseCall: parserFor(CALL_DIALECT_2026),
    formatCall: formatterFor(CALL_DIALECT_2026),
    scoringRules: rulesFor("2026", { "2026-06": RULES_2026_06, "2026-07": RULES_2026_07 }),
  },
};
