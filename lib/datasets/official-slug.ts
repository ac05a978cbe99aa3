/** The official WorkBench dataset's slug (as imported by lib/datasets/import-dataset.ts): the default of every board. */
export const OFFICIAL_DATASET_SLUG = "workbench";
