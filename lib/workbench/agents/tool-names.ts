// Most providers reject dots in tool names ("^[a-zA-Z0-9_-]+$"), so native tool calling uses
// "calendar__delete_event" for "calendar.delete_event". Tool names contain no "__" themselves.

const SEPARATOR = "__";

export function toProviderToolName(dotted: string): string {
  return dotted.split(".").join(SEPARATOR);
}

export function fromProviderToolName(providerName: string): string {
  return providerName.split(SEPARATOR).join(".");
}
