import { ActionCountHistogram, TemplateAccuracyChart } from "@/components/charts/paper-figures-chart";
import { DOMAIN_COLOURS } from "@/components/charts/palette";
import type { PaperCell, PaperReport } from "@/lib/metrics/paper-report";
import { PaperCellView } from "./paper-cell";
import { PaperCard, type NoteIndex } from "./paper-tables";

/** A figure's stated numbers under its chart, each as a paper cell. */
function FigureFacts({ facts, index }: { facts: readonly (readonly [string, PaperCell])[]; index: NoteIndex }) {
  return (
    <dl className="grid gap-4 border-t border-line px-5 py-3 text-sm sm:grid-cols-3">
      {facts.map(([label, cell]) => (
        <div key={cell.id} className="flex items-start justify-between gap-3">
          <dt className="text-muted">{label}</dt>
          <dd>
            <PaperCellView cell={cell} noteNumber={index.numberOf(cell)} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Figure 4: the ground truth's actions per task, as a histogram, with the paper's stated counts. */
export function Figure4({ report, index }: { report: PaperReport; index: NoteIndex }) {
  const f4 = report.figure4;
  return (
    <PaperCard id="figure-4" title="Figure 4 · ground-truth actions per task" caption="The number of actions each task's ground truth takes: 18 % of tasks need none, some need up to 12." cells={[f4.tasks, f4.noActionTasks, f4.maxActions]} index={index}>
      <div className="px-3 pt-3">
        <ActionCountHistogram data={f4.bins} />
      </div>
      <FigureFacts facts={[["Tasks", f4.tasks], ["Tasks with no action", f4.noActionTasks], ["Most actions in one task", f4.maxActions]]} index={index} />
    </PaperCard>
  );
}

const DOMAIN_LABELS: Readonly<Record<string, string>> = {
  analytics: "Analytics", calendar: "Calendar", customer_relationship_manager: "CRM", email: "Email", project_management: "Project management", multi_domain: "Multi-domain",
};

/** Figure 7: GPT-4 (all tools) accuracy per template, sorted, coloured by domain; how many sit at 0 % or 100 %. */
export function Figure7({ report, index }: { report: PaperReport; index: NoteIndex }) {
  const f7 = report.figure7;
  return (
    <PaperCard id="figure-7" title="Figure 7 · accuracy per template, GPT-4 (all tools)" caption="Each bar is one of the 69 base templates (10 tasks each), lowest first." cells={[f7.templateCount, f7.extremes]} index={index}>
      <div className="px-3 pt-3">
        <TemplateAccuracyChart data={f7.templates} />
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 px-5 pb-2 text-xs text-muted" data-testid="figure-7-legend">
        {Object.entries(DOMAIN_LABELS).map(([domain, label]) => (
          <li key={domain} className="flex items-center gap-1.5">
            <span className="inline-block size-2.5 rounded-sm" style={{ background: DOMAIN_COLOURS[domain] }} />
            {label}
          </li>
        ))}
      </ul>
      <FigureFacts
        facts={[
          ["Templates", f7.templateCount],
          [`At 0 % or 100 % (${f7.atZero} at 0 %, ${f7.atHundred} at 100 %)`, f7.extremes],
        ]}
        index={index}
      />
      <details className="border-t border-line px-5 py-2 text-sm">
        <summary className="cursor-pointer text-accent">Every template, lowest accuracy first</summary>
        <ol className="mt-2 max-h-80 space-y-0.5 overflow-y-auto text-xs" data-testid="figure-7-templates">
          {f7.templates.map((t) => (
            <li key={t.template} className="flex justify-between gap-4">
              <span className="truncate" title={t.template}>
                <span className="mr-1.5 inline-block size-2 rounded-sm" style={{ background: DOMAIN_COLOURS[t.domain] }} />
                {t.template}
              </span>
              <span className="shrink-0 tabular-nums text-muted">
                {t.correct}/{t.n}
              </span>
            </li>
          ))}
        </ol>
      </details>
    </PaperCard>
  );
}
