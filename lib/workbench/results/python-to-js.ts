// Turns values read from Python reprs into plain JSON-like JavaScript for display and storage.
import type { PyTagged, PyValue } from "../calls/python-literal";

export function pyToJs(value: PyValue): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return (value as readonly PyValue[]).map(pyToJs);
  return taggedToJs(value as PyTagged);
}

function taggedToJs(value: PyTagged): unknown {
  switch (value.kind) {
    case "tuple":
    case "set":
      return value.items.map(pyToJs);
    case "dict":
      return Object.fromEntries(value.entries.map(([k, v]) => [typeof k === "string" ? k : String(pyToJs(k)), pyToJs(v)]));
    case "bytes":
      return value.value;
    case "name":
      return value.name;
    case "number": // only produced with exactNumbers, which results never use
      return Number(value.text.replaceAll("_", ""));
    case "call":
      // numpy arrays and similar wrappers: their first argument is the data.
      return value.args.length === 1 && Object.keys(value.kwargs).length <= 1
        ? pyToJs(value.args[0] as PyValue)
        : { [value.name]: { args: value.args.map(pyToJs), ...Object.fromEntries(Object.entries(value.kwargs).map(([k, v]) => [k, pyToJs(v)])) } };
    default: {
      const never: never = value;
      return never;
    }
  }
}
