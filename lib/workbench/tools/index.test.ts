import { describe, expect, test } from "vitest";
import { z } from "zod";
import { createSandbox } from "../sandbox/sandbox";
import { fixtureSandboxData } from "../test-support/fixture-sandbox";
import { ALL_TOOLS, executeCall, getTool, TOOLKITS, toolsForToolkits } from ".";
import { toolInputError, toolInputSchema } from "./input-schema";

describe("the tool catalogue", () => {
  test("27 tools with unique dotted names, 14 with side effects", () => {
    expect(ALL_TOOLS).toHaveLength(27);
    expect(new Set(ALL_TOOLS.map((tool) => tool.name)).size).toBe(27);
    expect(ALL_TOOLS.filter((tool) => tool.hasSideEffects).map((tool) => tool.name).sort()).toEqual([
      "analytics.create_plot",
      "calendar.create_event", "calendar.delete_event", "calendar.update_event",
      "customer_relationship_manager.add_customer", "customer_relationship_manager.delete_customer", "customer_relationship_manager.update_customer",
      "email.delete_email", "email.forward_email", "email.reply_email", "email.send_email",
      "project_management.create_task", "project_management.delete_task", "project_management.update_task",
    ]);
  });

  test.each([
    ["calendar.create_event", ["event_name", "participant_email", "event_start", "duration"]],
    ["email.search_emails", ["query", "date_min", "date_max"]],
    ["analytics.create_plot", ["time_min", "time_max", "value_to_plot", "plot_type"]],
    ["customer_relationship_manager.add_customer", ["customer_name", "assigned_to_email", "status", "customer_email", "customer_phone", "last_contact_date", "product_interest", "notes", "follow_up_by"]],
    ["company_directory.find_email_address", ["name"]],
  ])("%s declares its Python parameters in order", (name, parameters) => {
    const tool = getTool(name);
    expect(tool?.parameters).toEqual(parameters);
    expect(Object.keys(tool ? toolInputSchema(tool).shape : {})).toEqual(parameters);
  });

  test("every argument is an optional, described string", () => {
    for (const tool of ALL_TOOLS) {
      expect(toolInputSchema(tool).safeParse({}).success).toBe(true);
      for (const schema of Object.values(toolInputSchema(tool).shape)) {
        expect(schema).toBeInstanceOf(z.ZodOptional);
        expect(schema.description?.length).toBeGreaterThan(5);
      }
    }
  });

  test("an unexpected keyword or a non-string argument fails the strict schema, with the field named", () => {
    const search = getTool("email.search_emails")!;
    expect(toolInputError(search, { query: "budget", date_min: "2023-10-01" })).toBeUndefined();
    expect(toolInputError(search, { to: "a@b.c" })?.message).toMatch(/unrecognized key.*"to"/i);
    expect(toolInputError(search, { query: 42 })?.message).toMatch(/^query: /);
  });

  test.each([
    [["calendar"], ["calendar", "company_directory"]],
    [["crm", "calendar"], ["calendar", "customer_relationship_manager", "company_directory"]],
    [["analytics", "calendar", "email", "project_management", "crm"], [...TOOLKITS]],
  ])("toolsForToolkits(%j) adds the company directory", (toolkits, domains) => {
    const got = new Set(toolsForToolkits(toolkits).map((tool) => tool.domain));
    expect([...got].sort()).toEqual([...domains].sort());
  });
});

describe("executeCall reproduces what eval() raised", () => {
  const sandbox = () => createSandbox(fixtureSandboxData());
  test.each([
    ["crm.search_customers", {}, "NameError", "name 'crm' is not defined"],
    ["calendar.find_events", {}, "AttributeError", "module 'src.tools.calendar' has no attribute 'find_events'"],
    ["pd.read_csv", {}, "AttributeError", "module 'pd' has no attribute 'read_csv'"],
    ["email.send_email", { to: "a@b.c" }, "TypeError", "send_email() got an unexpected keyword argument 'to'"],
  ])("%s(%j) → %s", (tool, args, errorType, message) => {
    expect(executeCall(sandbox(), { tool, args, raw: tool })).toEqual({
      ok: false, errorType, message, observation: `${errorType}: ${message}`,
    });
  });

  test("a raising call leaves the state unchanged", () => {
    const box = sandbox();
    const before = box.snapshot();
    executeCall(box, { tool: "calendar.create_event", args: { name: "x" }, raw: "" });
    expect(box.snapshot()).toBe(before);
  });
});
