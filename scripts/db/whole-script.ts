// adapter-pg 7.10's executeScript splits a migration on every ";" — which cuts a PL/pgSQL function body
// (migration run_tally) into pieces. PostgreSQL's simple query protocol runs a multi-statement script
// as one message, so the whole script goes to the server unsplit; errors keep adapter-pg's mapping.
type ScriptAdapter = {
  executeScript: (script: string) => Promise<void>;
  underlyingDriver: () => { query: (sql: string) => Promise<unknown> };
};

export function runScriptsWhole<T extends object>(adapter: T): T {
  const target = adapter as T & ScriptAdapter & { onError: (error: unknown) => never };
  target.executeScript = async (script: string) => {
    try {
      await target.underlyingDriver().query(script);
    } catch (error) {
      target.onError(error);
    }
  };
  return adapter;
}
