import { describe, expect, test } from "vitest";
import { createSandbox, type SandboxHandle } from "../sandbox/sandbox";
import { fixtureSandboxData } from "../test-support/fixture-sandbox";
import { realSandboxData } from "../test-support/real-sandbox";
import { executeCall } from ".";

const fresh = () => createSandbox(fixtureSandboxData());
const run = (sandbox: SandboxHandle, tool: string, args: Record<string, string>) =>
  executeCall(sandbox, { tool: `customer_relationship_manager.${tool}`, args, raw: tool });
const value = (tool: string, args: Record<string, string>, sandbox = fresh()) => {
  const outcome = run(sandbox, tool, args);
  if (!outcome.ok) throw new Error(outcome.observation);
  return outcome.value;
};
const ids = (result: unknown) => (result as { customer_id: string }[]).map((customer) => customer.customer_id);

const BAD_STATUS = "Status not valid. Please choose from: 'Qualified', 'Won', 'Lost', 'Lead', 'Proposal'";
const BAD_PRODUCT = "Product interest not valid. Please choose from: 'Software', 'Hardware', 'Services', 'Consulting', 'Training'";
const BAD_FIELD =
  "Field not valid. Please choose from: 'customer_name', 'assigned_to_email', 'customer_email', 'customer_phone', 'last_contact_date', 'product_interest', 'status', 'notes', 'follow_up_by'";

describe("CRM validation messages", () => {
  test.each([
    ["search_customers", {}, "No search parameters provided. Please provide at least one parameter."],
    ["update_customer", { customer_id: "00000189", field: "status" }, "Customer ID, field, or new value not provided."],
    ["update_customer", { customer_id: "1", field: "status", new_value: "won" }, BAD_STATUS],
    ["update_customer", { customer_id: "1", field: "product_interest", new_value: "Cars" }, BAD_PRODUCT],
    ["update_customer", { customer_id: "1", field: "status", new_value: "Won" }, "Customer not found."],
    ["update_customer", { customer_id: "00000189", field: "rating", new_value: "5" }, BAD_FIELD],
    ["update_customer", { customer_id: "00000189", field: "status", new_value: "Won" }, "Customer updated successfully."],
    ["add_customer", { customer_name: "A", assigned_to_email: "x@atlas.com" }, "Please provide all required fields: customer_name, assigned_to_email, status."],
    ["add_customer", { customer_name: "A", assigned_to_email: "x@atlas.com", status: "Nonsense" }, "00000200"],
    ["delete_customer", {}, "Customer ID not provided."],
    ["delete_customer", { customer_id: "5" }, "Customer not found."],
    ["delete_customer", { customer_id: "00000107" }, "Customer deleted successfully."],
  ])("%s(%j) → %s", (tool, args, expected) => {
    expect(value(tool, args)).toBe(expected);
  });
});

describe("CRM search_customers", () => {
  test.each([
    ["case-insensitive name", { customer_name: "taylor" }, ["00000189"]],
    ["status substring", { status: "o" }, ["00000189", "00000107", "00000199"]],
    ["inclusive string date bounds", { last_contact_date_min: "2023-11-15", last_contact_date_max: "2023-11-30" }, ["00000189", "00000107"]],
    ["follow-up bound", { follow_up_by_max: "2023-12-09" }, []],
    ["regex on the email", { customer_email: "^(quinn|riley)\\." }, ["00000107", "00000199"]],
  ])("%s", (_name, args, expected) => {
    expect(ids(value("search_customers", args))).toEqual(expected);
  });

  test("at most 5 results", () => {
    expect(value("search_customers", { status: "e" }, createSandbox(realSandboxData()))).toHaveLength(5);
  });

  test("a NaN cell in a searched column raises as pandas' mask does", () => {
    const sandbox = fresh();
    value("add_customer", { customer_name: "No Mail", assigned_to_email: "x@atlas.com", status: "Lead" }, sandbox);
    expect(run(sandbox, "search_customers", { customer_email: "nanolabs" })).toMatchObject({ ok: false, errorType: "ValueError" });
  });
});

describe("CRM writes", () => {
  test("add_customer: id max+1, lowercased emails, omitted fields null, notes empty, relabelled index", () => {
    const sandbox = fresh();
    value("delete_customer", { customer_id: "00000189" }, sandbox);
    const id = value("add_customer", { customer_name: "Sam Smith", assigned_to_email: "Lena.Schmidt@atlas.com", status: "Lead", customer_email: "Sam@X.com" }, sandbox);
    expect(id).toBe("00000200");
    const rows = sandbox.state.crm.rows;
    expect(rows.map((row) => row.label)).toEqual([0, 1, 2]);
    expect(rows.at(-1)?.values).toEqual({
      customer_id: "00000200", assigned_to_email: "lena.schmidt@atlas.com", customer_name: "Sam Smith",
      customer_email: "sam@x.com", customer_phone: null, last_contact_date: null, product_interest: null,
      status: "Lead", follow_up_by: null, notes: "",
    });
  });

  test.each([
    ["customer_email", "New@Mail.COM", "new@mail.com"],
    ["assigned_to_email", "Kofi.Mensah@Atlas.com", "kofi.mensah@atlas.com"],
    ["customer_name", "Taylor J", "Taylor J"],
    ["notes", "Called", "Called"],
  ])("update_customer %s keeps the lowercasing rules", (field, newValue, stored) => {
    const sandbox = fresh();
    value("update_customer", { customer_id: "00000189", field, new_value: newValue }, sandbox);
    expect(sandbox.state.crm.rows[0]?.values[field]).toBe(stored);
  });
});
