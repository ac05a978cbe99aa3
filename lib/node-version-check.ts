// Imported first by every entry point (CLI, worker, npm start): on a Node.js older than we support, one
// plain line saying it is unsupported and what to install, and exit 1, instead of a syntax or module
// error from deep inside a dependency.
import { isAtLeast, MIN_NODE, unsupportedNodeMessage } from "./node-version";

if (!isAtLeast(process.versions.node, MIN_NODE)) {
  console.error(unsupportedNodeMessage(process.versions.node));
  process.exit(1);
}
