// Every template, in a fixed order (the order tasks are generated and written in).
import { ANALYTICS_TEMPLATES } from "./analytics";
import { CALENDAR_TEMPLATES } from "./calendar";
import { chainTemplate } from "./chain";
import { CRM_TEMPLATES } from "./crm";
import { EMAIL_TEMPLATES } from "./email";
import { MULTI_TEMPLATES } from "./multi";
import { PAPER_MULTI_TEMPLATES } from "./paper-multi";
import { PAPER_SINGLE_TEMPLATES } from "./paper-single";
import { PROJECT_TEMPLATES } from "./project";
import type { Template } from "./types";

const byId = (templates: readonly Template[], ids: readonly string[]) => ids.map((id) => {
  const template = templates.find((candidate) => candidate.id === id);
  if (!template) throw new Error(`unknown chain part ${id}`);
  return template;
});

const byDomain = (domain: string) => PAPER_SINGLE_TEMPLATES.filter((template) => template.domain === domain);
const SINGLE = [
  ...ANALYTICS_TEMPLATES.filter((template) => template.domain === "analytics"), ...byDomain("analytics"),
  ...CALENDAR_TEMPLATES, ...byDomain("calendar"),
  ...CRM_TEMPLATES, ...byDomain("customer_relationship_manager"),
  ...EMAIL_TEMPLATES, ...byDomain("email"),
  ...PROJECT_TEMPLATES, ...byDomain("project_management"),
];
// analytics.report-by-email is a multi-domain template kept with the analytics ones it reads.
const ANALYTICS_MULTI = ANALYTICS_TEMPLATES.filter((template) => template.domain !== "analytics");

/** Single-table requests that read only what they write (or the directory): safe to append to any task. */
export const CHAIN_PARTS = byId(SINGLE, ["email.send-new", "calendar.book-at", "project.move-to-list", "crm.set-status", "analytics.plot-range"]);

export const TEMPLATES: readonly Template[] = [...SINGLE, ...ANALYTICS_MULTI, ...MULTI_TEMPLATES, ...PAPER_MULTI_TEMPLATES, chainTemplate(CHAIN_PARTS)];

export type { Template, Instance } from "./types";
export type { TemplateContext } from "./context";
