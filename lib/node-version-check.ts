// Imported first by every entry point (CLI, worker): on a Node.js older than we support, one clear line
// and exit 1, instead of a syntax or module error from deep inside a dependency.
import { isAtLeast, MIN_NODE } from "./node-version";

if (!isAtLeast(process.versions.node, MIN_NODE)) {
  console.error(`WorkBench Studio needs Node.js ${MIN_NODE} or newer; this is ${process.versions.node}. Install a newer Node.js (20.19+ or 22 LTS) and try again.`);
  process.exit(1);
}
