/** The CRM toolkit (4 tools) over the `crm` table. */
import type { Tool } from "./types";
import type { Row } from "../sandbox/types";
import { defineTool } from "./define-tool";
import { cellOf, concatRow, hasValue, rowRecord, updateWhere } from "../sandbox/table";
import { deleteById, nextId, rowsContaining, tableOf } from "./tool-helpers";

const CUSTOMER_ID_DOC = '8-digit ID of the customer, e.g. "00000189".';
const STATUSES = ["Qualified", "Won", "Lost", "Lead", "Proposal"];
const PRODUCT_INTERESTS = ["Software", "Hardware", "Services", "Consulting", "Training"];
const TEXT_FILTERS = ["customer_name", "customer_email", "product_interest", "status", "assigned_to_email"] as const;
/** [argument, column, direction]: inclusive string comparisons; NaN never passes. */
const DATE_FILTERS = [
  ["last_contact_date_min", "last_contact_date", 1],
  ["last_contact_date_max", "last_contact_date", -1],
  ["follow_up_by_min", "follow_up_by", 1],
  ["follow_up_by_max", "follow_up_by", -1],
] as const;

const searchCustomers = defineTool({
  name: "customer_relationship_manager.search_customers",
  domain: "customer_relationship_manager",
  description:
    "Searches customers: text fields must contain the given text (case-insensitive); dates are inclusive " +
    "bounds. At least one parameter is required. Returns at most 5 customers.",
  parameters: [
    ["customer_name", "Name of the customer."],
    ["customer_email", "Email address of the customer."],
    ["product_interest", 'Product interest: "Software", "Hardware", "Services", "Consulting" or "Training".'],
    ["status", 'Status: "Qualified", "Won", "Lost", "Lead" or "Proposal".'],
    ["assigned_to_email", "Email address of the team member assigned to the customer."],
    ["last_contact_date_min", 'Earliest last contact date. Format: "YYYY-MM-DD".'],
    ["last_contact_date_max", 'Latest last contact date. Format: "YYYY-MM-DD".'],
    ["follow_up_by_min", 'Earliest follow-up date. Format: "YYYY-MM-DD".'],
    ["follow_up_by_max", 'Latest follow-up date. Format: "YYYY-MM-DD".'],
  ],
  hasSideEffects: false,
  run(sandbox, args, rules) {
    const given = [...TEXT_FILTERS, ...DATE_FILTERS.map(([name]) => name)].some((name) => args[name]);
    if (!given) return "No search parameters provided. Please provide at least one parameter.";
    const table = tableOf(sandbox, "crm");
    // Not copied: the filters return new arrays, and an unfiltered table version is searched as itself.
    let rows: readonly Row[] = table.rows;
    for (const field of TEXT_FILTERS) {
      const pattern = args[field];
      if (pattern) rows = rowsContaining(rows, field, pattern, true, rules.textSearch);
    }
    for (const [name, column, direction] of DATE_FILTERS) {
      const bound = args[name];
      if (!bound) continue;
      rows = rows.filter((row) => {
        const cell = cellOf(row, column);
        return typeof cell === "string" && (direction > 0 ? cell >= bound : cell <= bound);
      });
    }
    return rows.slice(0, 5).map((row) => rowRecord(table, row));
  },
});

const updateCustomer = defineTool({
  name: "customer_relationship_manager.update_customer",
  domain: "customer_relationship_manager",
  description: "Sets one field of a customer record.",
  parameters: [
    ["customer_id", CUSTOMER_ID_DOC],
    ["field", 'Field to update: "customer_name", "assigned_to_email", "customer_email", "customer_phone", "last_contact_date", "product_interest", "status", "notes" or "follow_up_by".'],
    ["new_value", 'New value. Status must be one of "Qualified", "Won", "Lost", "Lead", "Proposal"; product_interest one of "Software", "Hardware", "Services", "Consulting", "Training".'],
  ],
  hasSideEffects: true,
  run(sandbox, { customer_id, field, new_value }) {
    if (!customer_id || !field || !new_value) return "Customer ID, field, or new value not provided.";
    if (field === "status" && !STATUSES.includes(new_value)) {
      return "Status not valid. Please choose from: 'Qualified', 'Won', 'Lost', 'Lead', 'Proposal'";
    }
    if (field === "product_interest" && !PRODUCT_INTERESTS.includes(new_value)) {
      return "Product interest not valid. Please choose from: 'Software', 'Hardware', 'Services', 'Consulting', 'Training'";
    }
    const value = field === "customer_email" || field === "assigned_to_email" ? new_value.toLowerCase() : new_value;
    const table = tableOf(sandbox, "crm");
    if (!hasValue(table, "customer_id", customer_id)) return "Customer not found.";
    if (!table.columns.includes(field)) {
      return "Field not valid. Please choose from: 'customer_name', 'assigned_to_email', 'customer_email', 'customer_phone', 'last_contact_date', 'product_interest', 'status', 'notes', 'follow_up_by'";
    }
    sandbox.replaceTable(updateWhere(table, "customer_id", customer_id, field, value));
    return "Customer updated successfully.";
  },
});

const addCustomer = defineTool({
  name: "customer_relationship_manager.add_customer",
  domain: "customer_relationship_manager",
  description: "Adds a customer record (name, assignee and status required) and returns its new 8-digit ID.",
  parameters: [
    ["customer_name", "Name of the customer."],
    ["assigned_to_email", "Email address of the team member assigned to the customer."],
    ["status", 'Status: one of "Qualified", "Won", "Lost", "Lead", "Proposal".'],
    ["customer_email", "Email address of the customer (optional)."],
    ["customer_phone", "Phone number of the customer (optional)."],
    ["last_contact_date", 'Last contact date (optional). Format: "YYYY-MM-DD".'],
    ["product_interest", 'Product interest (optional): one of "Software", "Hardware", "Services", "Consulting", "Training".'],
    ["notes", "Notes about the customer (optional, default empty)."],
    ["follow_up_by", 'Date for the next follow-up (optional). Format: "YYYY-MM-DD".'],
  ],
  hasSideEffects: true,
  run(sandbox, args, rules) {
    const { customer_name, assigned_to_email, status, customer_email } = args;
    if (!customer_name || !assigned_to_email || !status) {
      return "Please provide all required fields: customer_name, assigned_to_email, status.";
    }
    // Status and product_interest are NOT validated here, unlike update_customer.
    const table = tableOf(sandbox, "crm");
    const customer_id = nextId(table, "customer_id", true, rules.emptyTableId);
    const record = {
      customer_id,
      customer_name,
      customer_email: customer_email ? customer_email.toLowerCase() : (customer_email ?? null),
      customer_phone: args.customer_phone ?? null,
      last_contact_date: args.last_contact_date ?? null,
      product_interest: args.product_interest ?? null,
      status,
      assigned_to_email: assigned_to_email.toLowerCase(),
      notes: args.notes ?? "",
      follow_up_by: args.follow_up_by ?? null,
    };
    sandbox.replaceTable(concatRow(table, record, true));
    return customer_id;
  },
});

const deleteCustomer = defineTool({
  name: "customer_relationship_manager.delete_customer",
  domain: "customer_relationship_manager",
  description: "Deletes a customer record by its ID.",
  parameters: [["customer_id", CUSTOMER_ID_DOC]],
  hasSideEffects: true,
  run: (sandbox, { customer_id }) => deleteById(sandbox, "crm", "customer_id", customer_id, "Customer"),
});

export const CRM_TOOLS: readonly Tool[] = [searchCustomers, updateCustomer, addCustomer, deleteCustomer];
