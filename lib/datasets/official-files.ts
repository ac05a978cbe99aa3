// The official WorkBench files at the pinned commits of github.com/olly-styles/WorkBench, and where
// each goes in our local layout (the layout of ../shared/workbench: v1/..., v2026/...).
export const V1_COMMIT = "42f1b6dc18986f47701ca83de2d63dd4f95c59a0";
export const V2026_TASKS_COMMIT = "f7bed57132ddeda5d109726d5aaba0c8f8011255";
export const V2026_CRM_COMMIT = "5b76dee";
export const DEFAULT_BASE_URL = "https://raw.githubusercontent.com/olly-styles/WorkBench";

export type OfficialFile = { commit: string; repoPath: string; localPath: string };

const DOMAINS = ["analytics", "calendar", "customer_relationship_manager", "email", "multi_domain", "project_management"] as const;
const SANDBOX_FILES = ["analytics_data.csv", "calendar_events.csv", "customer_relationship_manager_data.csv", "emails.csv", "project_tasks.csv"];

/** Recorded agent outputs of the paper, per domain (file names as in the repository). */
const RESULT_RUNS: Record<(typeof DOMAINS)[number], readonly string[]> = {
  analytics: [
    "claude-2_all_2024-03-23_23-37-01", "claude-2_domains_2024-03-23_17-31-35", "gpt-3.5_domains_2024-03-23_13-56-43",
    "gpt-4_all_2024-03-23_21-56-59", "gpt-4_domains_2024-03-23_13-00-36", "llama2-70b_domains_2024-03-23_18-36-29",
    "mistral-8x7B_all_2024-03-24_05-59-31", "mistral-8x7B_domains_2024-03-23_20-08-02",
  ],
  calendar: [
    "claude-2_all_2024-03-24_01-00-33", "claude-2_domains_2024-03-20_14-44-45", "gpt-3.5_domains_2024-03-20_13-03-15",
    "gpt-4_all_2024-03-21_14-57-26", "gpt-4_domains_2024-03-19_22-36-21", "llama2-70b_domains_2024-03-20_16-24-35",
    "mistral-8x7B_all_2024-03-24_06-19-20", "mistral-8x7B_domains_2024-03-20_17-29-35",
  ],
  customer_relationship_manager: [
    "claude-2_all_2024-03-25_16-38-22", "claude-2_domains_2024-03-20_23-07-37", "gpt-3.5_domains_2024-03-20_22-31-06",
    "gpt-4_all_2024-03-19_11-18-10", "gpt-4_domains_2024-03-18_12-50-37", "llama2-70b_domains_2024-03-20_23-36-39",
    "mistral-8x7B_all_2024-03-25_16-48-26", "mistral-8x7B_domains_2024-03-20_23-47-42",
  ],
  email: [
    "claude-2_all_2024-03-24_01-57-07", "claude-2_domains_2024-03-20_15-36-46", "gpt-3.5_domains_2024-03-20_13-16-18",
    "gpt-4_all_2024-03-21_15-21-12", "gpt-4_domains_2024-03-20_12-48-43", "llama2-70b_domains_2024-03-20_17-01-34",
    "mistral-8x7B_all_2024-03-24_06-47-26", "mistral-8x7B_domains_2024-03-20_18-12-43",
  ],
  multi_domain: [
    "claude-2_all_2024-03-24_05-37-15", "claude-2_domains_2024-03-23_16-15-05", "gpt-3.5_domains_2024-03-23_13-32-46",
    "gpt-4_all_2024-03-23_21-17-32", "gpt-4_domains_2024-03-23_12-12-02", "llama2-70b_domains_2024-03-23_18-00-54",
    "mistral-8x7B_all_2024-03-24_07-55-30", "mistral-8x7B_domains_2024-03-23_19-42-41",
  ],
  project_management: [
    "claude-2_all_2024-03-24_02-39-42", "claude-2_domains_2024-03-20_21-21-58", "gpt-3.5_domains_2024-03-20_20-52-32",
    "gpt-4_all_2024-03-21_15-40-36", "gpt-4_domains_2024-03-19_23-06-51", "llama2-70b_domains_2024-03-20_22-01-40",
    "mistral-8x7B_all_2024-03-24_07-01-18", "mistral-8x7B_domains_2024-03-20_22-26-13",
  ],
};

/**
 * The upstream ground-truth snapshot (folder of data/processed/tasks_and_outcomes/ at f7bed57) each
 * domain's v2026 tasks are read from. The email tasks were last revised two days before the others.
 */
export const V2026_TASK_SNAPSHOTS: Readonly<Record<(typeof DOMAINS)[number], string>> = {
  analytics: "v2026-05-19",
  calendar: "v2026-05-19",
  customer_relationship_manager: "v2026-05-19",
  email: "v2026-05-17",
  multi_domain: "v2026-05-19",
  project_management: "v2026-05-19",
};

/** The newest 2026 version of each tool source that could be read, by file (v2026/src/README.md). */
export const V2026_TOOL_SOURCE_COMMITS: Readonly<Record<string, string>> = {
  "_utils.py": "5b76dee7593b49b4ccc81c4fd29a43b3250ee721",
  "analytics.py": "5b76dee7593b49b4ccc81c4fd29a43b3250ee721",
  "calendar.py": "27f2442d3da9fab7aaa0ef5084447483aee12d4c",
  "company_directory.py": "5b76dee7593b49b4ccc81c4fd29a43b3250ee721",
  "customer_relationship_manager.py": "27f2442d3da9fab7aaa0ef5084447483aee12d4c",
  "email.py": V2026_TASKS_COMMIT,
  "project_management.py": "27f2442d3da9fab7aaa0ef5084447483aee12d4c",
  "state.py": V2026_TASKS_COMMIT,
  "tool.py": V2026_TASKS_COMMIT,
  "toolkits.py": "27f2442d3da9fab7aaa0ef5084447483aee12d4c",
};

const v1 = (repoPath: string): OfficialFile => ({ commit: V1_COMMIT, repoPath, localPath: `v1/${repoPath}` });

/** Every file to download, in a stable order. */
export function officialFiles(): OfficialFile[] {
  return [
    v1("LICENSE"),
    ...SANDBOX_FILES.map((file) => v1(`data/processed/${file}`)),
    ...DOMAINS.map((domain) => v1(`data/processed/queries_and_answers/${domain}_queries_and_answers.csv`)),
    v1("data/raw/email_addresses.csv"),
    ...DOMAINS.flatMap((domain) => RESULT_RUNS[domain].map((run) => v1(`data/results/${domain}/${run}.csv`))),
    ...DOMAINS.map((domain) => {
      const folder = V2026_TASK_SNAPSHOTS[domain];
      const file = `${domain}_tasks_and_outcomes.csv`;
      return { commit: V2026_TASKS_COMMIT, repoPath: `data/processed/tasks_and_outcomes/${folder}/${file}`, localPath: `v2026/tasks_and_outcomes/${file}` };
    }),
    // Upstream's 2026 tool sources: the workbench-2026 agent sends their docstrings (README in v2026/src).
    ...Object.entries(V2026_TOOL_SOURCE_COMMITS).map(([file, commit]) => ({ commit, repoPath: `src/tools/${file}`, localPath: `v2026/src/tools/${file}` })),
    {
      commit: V2026_CRM_COMMIT,
      repoPath: "data/processed/customer_relationship_manager_data.csv",
      localPath: "v2026/sandbox/customer_relationship_manager_data.csv",
    },
  ];
}
