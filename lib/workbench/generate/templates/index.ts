// Every template, in a fixed order (the order tasks are generated and written in).
import { ANALYTICS_TEMPLATES } from "./analytics";
import { CALENDAR_TEMPLATES } from "./calendar";
import { chainTemplate } from "./chain";
import { CRM_TEMPLATES } from "./crm";
import { EMAIL_TEMPLATES } from "./email";
import { MULTI_TEMPLATES } from "./multi";
import { PROJECT_TEMPLATES } from "./project";
import type { Template } from "./types";

const byId = (templates: readonly Template[], ids: readonly string[]) => ids.map((id) => {
  const template = templates.find((candidate) => candidate.id === id);
  if (!template) throw new Error(`unknown chain part ${id}`);
  return template;
});

const SINGLE = [...ANALYTICS_TEMPLATES, ...CALENDAR_TEMPLATES, ...CRM_TEMPLATES, ...EMAIL_TEMPLATES, ...PROJECT_TEMPLATES];

/** Single-table requests that read only what they write (or the directory): safe to append to any task. */
export const CHAIN_PARTS = byId(SINGLE, ["email.send-new", "calendar.book-at", "project.move-to-list", "crm.set-status", "analytics.plot-range"]);

export const TEMPLATES: readonly Template[] = [...SINGLE, ...MULTI_TEMPLATES, chainTemplate(CHAIN_PARTS)];

export type { Template, Instance } from "./types";
export type { TemplateContext } from "./context";
