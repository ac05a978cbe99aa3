// scratch (not committed): pages fixture kept up, with a next server of this checkout on the many database.
import { startBenchServer } from "./bench-database";
import { buildPagesFixture } from "./pages-fixture";
const database = await startBenchServer();
const fixture = await buildPagesFixture(database, (line) => console.log(line));
console.log(JSON.stringify(fixture));
await new Promise(() => {});
