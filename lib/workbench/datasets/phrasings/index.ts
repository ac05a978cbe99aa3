export { PHRASINGS, isPhrasing, phraseTasks, recoverSlotValues, templateWordings } from "./phrasings";
export type { Phrasing, PhrasedTask, UnphrasedTask, Wording, WordingSource } from "./phrasings";
export { renderTemplate, slotAssignments, slotNames, templateParts } from "./template-slots";
export type { SlotValues, TemplatePart } from "./template-slots";
