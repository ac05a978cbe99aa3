// Word pools for names of meetings, tasks and companies. Written for this project; events and tasks
// are built from a head and a topic so near-duplicates ("Budget review" / "Budget review prep") occur.
export const MEETING_HEADS = [
  "Roadmap check-in", "Budget review", "Hiring sync", "Design critique", "Vendor call", "Quarterly planning",
  "Incident retro", "Security walkthrough", "Customer onboarding", "Release readiness", "Pricing workshop",
  "Team lunch", "Architecture forum", "Data quality huddle", "Sales pipeline review", "Partner intro",
  "Mentoring chat", "Office hours", "Support escalation", "Brand refresh",
];
export const MEETING_SUFFIXES = ["prep", "follow-up", "part two", "debrief"];

export const TASK_VERBS = ["Refactor", "Document", "Test", "Migrate", "Design", "Prototype", "Review", "Fix", "Automate", "Audit"];
export const TASK_OBJECTS = [
  "checkout flow", "login page", "billing service", "search index", "onboarding emails", "admin dashboard",
  "mobile navigation", "export to CSV", "notification settings", "audit log", "image uploader", "rate limiter",
  "pricing page", "help center", "dark mode", "invoice generator", "user permissions", "report scheduler",
  "payment retries", "profile editor", "API gateway", "signup funnel", "color palette", "icon set",
];

export const EMAIL_TOPICS = [
  "quarterly numbers", "the offsite agenda", "a contract renewal", "the hiring plan", "travel budget",
  "the launch checklist", "customer feedback", "the security audit", "holiday cover", "the new office",
];

export const COMPANY_WORDS = [
  "nimbus", "quartz", "harbor", "lumen", "vertex", "cobalt", "meadow", "orbit", "summit", "tandem", "prairie",
  "beacon", "cascade", "juniper", "ember", "atlas", "falcon", "granite", "willow", "zephyr",
];
