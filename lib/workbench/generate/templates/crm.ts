// CRM templates. search_customers returns at most five customers, so bulk requests page by product
// interest and status; customers sharing a first name are always named in full.
import { addDays } from "../dates";
import { asciiName } from "../world/people";
import { PRODUCTS, STATUSES } from "../world/types";
import { pickPerson, say } from "./common";
import { call, type TemplateContext } from "./context";
import { allCustomers, cell } from "./find";
import { pickCustomer, salesPeople } from "./pick";
import type { Instance, Template } from "./types";
import { fieldUpdate, reassignTemplate, setFieldTemplate } from "./field-change";

const CRM = "customer_relationship_manager";
const SEARCH = "customer_relationship_manager.search_customers";
const UPDATE = "customer_relationship_manager.update_customer";
const LOOKUP = "company_directory.find_email_address";

const update = fieldUpdate(UPDATE, "customer_id");

/**
 * A request that sets one field of one customer (named in full, found with search_customers) to a
 * drawn value it does not hold yet.
 */
function setCustomerField(spec: {
  readonly id: string;
  readonly text: string;
  readonly ambiguity: string;
  readonly field: string;
  readonly draw: (ctx: TemplateContext) => string;
  readonly say: (customer: string, value: string) => string;
}): Template {
  const { id, text, ambiguity, field } = spec;
  return setFieldTemplate(
    { id, domain: CRM, toolkits: ["crm"], writes: ["crm"], text, tools: [SEARCH, UPDATE], ambiguity },
    {
      pick: (ctx) => pickCustomer(ctx),
      draw: spec.draw,
      current: (c) => c[field],
      instance: (c, value) => ({ text: spec.say(cell(c.customer_name), value), calls: [update(cell(c.customer_id), field, value)] }),
    },
  );
}

/** A new customer (a name not in the CRM yet) with a status and a product, for a drawn salesperson. */
function newLead(ctx: TemplateContext): Instance | null {
  const p = pickPerson(ctx, salesPeople(ctx));
  const name = `${asciiName(() => ctx.rng.faker.person.firstName())} ${asciiName(() => ctx.rng.faker.person.lastName())}`;
  if (!p || ctx.world.crm.some((row) => row.customer_name === name)) return null;
  const status = ctx.rng.pick(["Lead", "Qualified", "Proposal"]);
  const product = ctx.rng.pick(PRODUCTS);
  return {
    text: `Add ${name} to the CRM as a ${status} interested in ${product}, assigned to ${p.ref}`,
    calls: [call("customer_relationship_manager.add_customer", { customer_name: name, assigned_to_email: p.person.email, status, product_interest: product })],
  };
}

export const CRM_TEMPLATES: Template[] = [
  setCustomerField({
    id: "crm.set-status",
    text: "Change {customer}'s status to {status}",
    ambiguity: "Full customer names are unique; the new status differs from the current one.",
    field: "status",
    draw: (ctx) => ctx.rng.pick(STATUSES),
    say: (customer, status) => `Change ${customer}'s status to ${status}`,
  }),
  {
    id: "crm.add-lead", domain: CRM, toolkits: ["crm"], writes: ["crm"],
    text: "Add {customer} to the CRM as a {status} interested in {product}, assigned to {name}",
    tools: [LOOKUP, "customer_relationship_manager.add_customer"],
    ambiguity: "A new name not already in the CRM; the optional fields named in the text are the only ones set.",
    instantiate: newLead,
  },
  {
    id: "crm.delete", domain: CRM, toolkits: ["crm"], writes: ["crm"],
    text: "Remove {customer} from the CRM",
    tools: [SEARCH, "customer_relationship_manager.delete_customer"],
    ambiguity: "Full customer names are unique.",
    instantiate(ctx) {
      const c = pickCustomer(ctx);
      if (!c) return null;
      return { text: `Remove ${cell(c.customer_name)} from the CRM`, calls: [call("customer_relationship_manager.delete_customer", { customer_id: cell(c.customer_id) })] };
    },
  },
  reassignTemplate(
    { id: "crm.reassign", domain: CRM, toolkits: ["crm"], writes: ["crm"], tools: [LOOKUP, SEARCH, UPDATE],
      text: "Hand {customer} over to {name}", ambiguity: "The new owner is a named salesperson, not the current one." },
    { pick: (ctx) => pickCustomer(ctx), pool: (ctx) => salesPeople(ctx), owner: (c) => cell(c.assigned_to_email),
      instance: (c, p) => ({ text: `Hand ${cell(c.customer_name)} over to ${p.ref}`, calls: [update(cell(c.customer_id), "assigned_to_email", p.person.email)] }), },
  ),
  setCustomerField({
    id: "crm.follow-up-date",
    text: "Set the follow-up date for {customer} to {date}",
    ambiguity: "An explicit date different from the current one.",
    field: "follow_up_by",
    draw: (ctx) => addDays("2023-12-01", ctx.rng.int(0, 40)),
    say: (customer, date) => `Set the follow-up date for ${customer} to ${say(date)}`,
  }),
  setCustomerField({
    id: "crm.new-phone",
    text: "{customer} has a new phone number: {phone}",
    ambiguity: "Full customer names are unique; the number is new.",
    field: "customer_phone",
    draw: (ctx) => `${ctx.rng.int(201, 989)}-${ctx.rng.int(200, 999)}-${String(ctx.rng.int(0, 9999)).padStart(4, "0")}`,
    say: (customer, phone) => `${customer} has a new phone number: ${phone}`,
  }),
  setCustomerField({
    id: "crm.switch-product",
    text: "{customer} is now interested in {product} instead",
    ambiguity: "The product differs from the current one.",
    field: "product_interest",
    draw: (ctx) => ctx.rng.pick(PRODUCTS),
    say: (customer, product) => `${customer} is now interested in ${product} instead`,
  }),
  {
    id: "crm.lose-if-stale", domain: CRM, toolkits: ["crm"], writes: ["crm"], conditional: true, mayNeedNoAction: true,
    text: "If we haven't contacted {customer} since {date}, mark them as Lost; otherwise leave them",
    tools: [SEARCH, UPDATE],
    ambiguity: "Decided by last_contact_date (contact on the date counts); customers already Lost are not picked.",
    instantiate(ctx) {
      const c = pickCustomer(ctx, (row) => row.status !== "Lost");
      if (!c) return null;
      const last = cell(c.last_contact_date);
      const date = ctx.wantNoAction ? addDays(last, -ctx.rng.int(0, 10)) : addDays(last, ctx.rng.int(1, 10));
      const stale = last < date;
      return { text: `If we haven't contacted ${cell(c.customer_name)} since ${say(date)}, mark them as Lost; otherwise leave them`, calls: stale ? [update(cell(c.customer_id), "status", "Lost")] : [] };
    },
  },
  {
    id: "crm.purge-lost", domain: CRM, toolkits: ["crm"], writes: ["crm"], mayNeedNoAction: true,
    text: "Delete every Lost customer of {name}'s whose last contact was before {date}",
    tools: [LOOKUP, SEARCH, "customer_relationship_manager.delete_customer"],
    ambiguity: "A filter over all customers (paged by product interest past the 5-result limit); 'before' is exclusive.",
    instantiate(ctx) {
      const p = pickPerson(ctx, salesPeople(ctx));
      const date = addDays("2023-09-01", ctx.rng.int(10, 80));
      if (!p) return null;
      const rows = allCustomers(ctx, { assigned_to_email: p.person.email, status: "Lost", last_contact_date_max: addDays(date, -1) });
      if (!rows || rows.length > ctx.params.chainLength + 2) return null;
      return { text: `Delete every Lost customer of ${p.ref}'s whose last contact was before ${say(date)}`, calls: rows.map((row) => call("customer_relationship_manager.delete_customer", { customer_id: cell(row.customer_id) })) };
    },
  },
  {
    id: "crm.who-owns", domain: CRM, toolkits: ["crm"], writes: [], mayNeedNoAction: true,
    text: "Who is looking after {customer}?",
    tools: [SEARCH],
    ambiguity: "A question: the correct outcome is an unchanged sandbox.",
    instantiate(ctx) {
      const c = pickCustomer(ctx);
      return c ? { text: `Who is looking after ${cell(c.customer_name)}?`, calls: [] } : null;
    },
  },
];
