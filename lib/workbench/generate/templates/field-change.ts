// Templates that set one field of one row: the CRM's customers and the project board's tasks change
// through `update_<row>(<id>=…, field=…, new_value=…)`, and their "set X to Y" and "hand X to Y" requests
// share one shape each.
import type { Person } from "../world/types";
import { pickPerson, type NamedPerson } from "./common";
import { call, type TemplateContext } from "./context";
import type { Instance, Template } from "./types";

/** A table's update call: `tool(<idArg>=id, field=field, new_value=value)`, in that argument order. */
export function fieldUpdate(tool: string, idArg: string): (id: string, field: string, value: string) => string {
  return (id, field, value) => call(tool, { [idArg]: id, field, new_value: value });
}

/**
 * A template that sets one field of one picked row to a drawn value. The row is picked before the value
 * is drawn whatever the row (so the random sequence does not depend on it); there is no instance when no
 * row fits or the row holds that value already (the request would change nothing).
 */
export function setFieldTemplate<Row>(
  head: Omit<Template, "instantiate">,
  spec: {
    readonly pick: (ctx: TemplateContext) => Row | null;
    readonly draw: (ctx: TemplateContext) => string;
    readonly current: (row: Row) => unknown;
    readonly instance: (row: Row, value: string) => Instance;
  },
): Template {
  return {
    ...head,
    instantiate(ctx) {
      const row = spec.pick(ctx);
      const value = spec.draw(ctx);
      return row && spec.current(row) !== value ? spec.instance(row, value) : null;
    },
  };
}

/**
 * A template that hands one picked row to someone of a pool other than its current owner (a customer to
 * another salesperson, a task to another team member). The row is picked first, the person only when
 * there is a row; no instance when either is missing.
 */
export function reassignTemplate<Row>(
  head: Omit<Template, "instantiate">,
  spec: {
    readonly pick: (ctx: TemplateContext) => Row | null;
    readonly pool: (ctx: TemplateContext) => readonly Person[];
    readonly owner: (row: Row) => string;
    readonly instance: (row: Row, to: NamedPerson) => Instance;
  },
): Template {
  return {
    ...head,
    instantiate(ctx) {
      const row = spec.pick(ctx);
      const to = row && pickPerson(ctx, spec.pool(ctx), [spec.owner(row)]);
      return row && to ? spec.instance(row, to) : null;
    },
  };
}
