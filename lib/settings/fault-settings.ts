// A run's fault settings as they travel (lib/interop exports them, lib/runs/import restores them):
// the keys of Run.params named `fault…` (faultRate, faultSeed and any later one, such as the kinds'
// shares), taken as stored. Picking by name keeps every fault setting a run has, including one added
// after this was written; each is read back through RunSettings (run-settings.ts), which checks it.

/** The `fault…` keys of a run's params (or of the settings an export recorded); {} when there are none. */
export function faultSettingsOf(params: unknown): Record<string, unknown> {
  if (typeof params !== "object" || params === null || Array.isArray(params)) return {};
  return Object.fromEntries(Object.entries(params).filter(([key, value]) => key.startsWith("fault") && value !== undefined));
}

/** The settings to record in an export: null for a run that has none (a recorded run's import). */
export function exportedFaultSettings(params: unknown): Record<string, unknown> | null {
  const settings = faultSettingsOf(params);
  return Object.keys(settings).length > 0 ? settings : null;
}
