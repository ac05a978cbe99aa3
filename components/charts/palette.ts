// SVG presentation attributes do not resolve CSS variables everywhere, so charts use literal colours
// matching the theme tokens in app/globals.css.
export const chartColors = {
  accent: "#4f5bd5",
  accentSoft: "#c7ccf4",
  bad: "#d9534f",
  badSoft: "#f3c4c1",
  muted: "#6b7280",
  grid: "#e5e7eb",
  ink: "#1f2433",
} as const;

export const axisTick = { fontSize: 11, fill: chartColors.muted } as const;

/** Tooltip value formatter for 0..1 shares. */
export function percentTick(value: unknown): string {
  return typeof value === "number" ? `${Math.round(value * 100)}%` : String(value);
}

/** Side-effect rate → colour on the frontier, from the accent (harmless) to red (often breaks things). */
export const RISK_BANDS = [
  { from: 0.2, colour: chartColors.bad, label: "≥ 20 %" },
  { from: 0.1, colour: "#e08a3c", label: "10–20 %" },
  { from: 0.05, colour: "#b9a23a", label: "5–10 %" },
  { from: 0, colour: chartColors.accent, label: "< 5 %" },
] as const;

/** One colour per domain (the paper's Figure 7 colours templates by domain). */
export const DOMAIN_COLOURS: Readonly<Record<string, string>> = {
  analytics: "#4f5bd5",
  calendar: "#2f9e73",
  customer_relationship_manager: "#e08a3c",
  email: "#d9534f",
  project_management: "#8e5bd5",
  multi_domain: "#6b7280",
};
