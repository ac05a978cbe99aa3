// Inspect's attachments, resolved. Inspect's log writer (inspect_ai/log/_condense.py condense_sample)
// moves every event string over 100 characters into the sample's `attachments` map (keyed by a hash)
// and leaves `attachment://<hash>` in its place; `inspect log convert --to json` keeps both, and older
// logs spell the reference `tc://<hash>`. A reference is the whole string, as resolve_sample_attachments
// reads it. A sample whose reference its map does not hold cannot be scored (its calls would be read
// from placeholders), so it is refused, named by its id.
import { InteropError } from "../errors";

const ATTACHMENT = "attachment://";
const LEGACY = "tc://";

/** The sample with every attachment reference replaced by its text, without its `attachments` map. */
export function resolveAttachments(sample: Readonly<Record<string, unknown>>, where: string): Record<string, unknown> {
  const { attachments: held, ...rest } = sample;
  const attachments = typeof held === "object" && held !== null && !Array.isArray(held) ? (held as Record<string, unknown>) : {};
  const label = `sample ${String(sample.id)} (epoch ${String(sample.epoch ?? 1)})`;
  const resolve = (value: unknown): unknown => {
    if (typeof value === "string") {
      const hash = value.startsWith(ATTACHMENT) ? value.slice(ATTACHMENT.length) : value.startsWith(LEGACY) ? value.slice(LEGACY.length) : null;
      if (hash === null) return value;
      const text = attachments[hash];
      if (typeof text !== "string") {
        throw new InteropError("bad_log", `${where}: ${label} refers to ${ATTACHMENT}${hash.slice(0, 40)}, which its attachments do not hold: the sample cannot be scored, nothing was imported`);
      }
      return text;
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (typeof value === "object" && value !== null) {
      const resolved: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) resolved[key] = resolve(item);
      return resolved;
    }
    return value;
  };
  return resolve(rest) as Record<string, unknown>;
}
