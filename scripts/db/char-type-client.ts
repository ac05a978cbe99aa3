// adapter-pg 7.10 cannot map PostgreSQL's internal `"char"` type (oid 18), which the schema engine's
// introspection queries return (e.g. pg_constraint.contype), and the engine insists on reading such
// columns as the Character column type. Two parts, used only by the migration tooling:
// 1. InternalCharAwareClient (a pg Client) relabels oid 18 as text so adapter-pg accepts the result,
//    and remembers which columns were relabelled, keyed by the result's rows array (which adapter-pg
//    passes through unchanged);
// 2. reportInternalCharAsCharacter() patches an adapter's queryRaw to report those columns as Character.
import pg from "pg";

const INTERNAL_CHAR_OID = 18;
const TEXT_OID = 25;
/** ColumnTypeEnum.Character in @prisma/driver-adapter-utils. */
const CHARACTER_COLUMN_TYPE = 6;

const internalCharColumns = new WeakMap<object, number[]>();

type PgResult = { fields?: { dataTypeID: number }[]; rows?: unknown[] };

function relabelInternalChar<T>(result: T): T {
  const { fields = [], rows } = (result ?? {}) as PgResult;
  const indexes = fields.flatMap((field, index) => (field.dataTypeID === INTERNAL_CHAR_OID ? [index] : []));
  if (indexes.length && rows) {
    for (const index of indexes) fields[index]!.dataTypeID = TEXT_OID;
    internalCharColumns.set(rows, indexes);
  }
  return result;
}

export class InternalCharAwareClient extends pg.Client {
  // pg.Client#query has many overloads (promise, callback, Submittable); we only post-process results.
  override query(...args: unknown[]): never {
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (error: unknown, result: unknown) => last(error, error ? result : relabelInternalChar(result));
    }
    const returned: unknown = Reflect.apply(super.query, this, args);
    if (returned instanceof Promise) return returned.then(relabelInternalChar) as never;
    return returned as never;
  }
}

type ResultSet = { columnTypes: number[]; rows: unknown[] };
type Queryable = { queryRaw: (query: never) => Promise<ResultSet> };
type Connection = Queryable & { startTransaction: (...args: never[]) => Promise<Queryable> };

function patchQueryRaw(target: Queryable) {
  const original = target.queryRaw.bind(target);
  target.queryRaw = async (query) => {
    const result = await original(query);
    for (const index of internalCharColumns.get(result.rows) ?? []) result.columnTypes[index] = CHARACTER_COLUMN_TYPE;
    return result;
  };
}

/** Makes an adapter-pg connection (and its transactions) report internal "char" columns as Character. */
export function reportInternalCharAsCharacter<T extends Connection>(connection: T): T {
  patchQueryRaw(connection);
  const startTransaction = connection.startTransaction.bind(connection);
  connection.startTransaction = async (...args) => {
    const transaction = await startTransaction(...args);
    patchQueryRaw(transaction);
    return transaction;
  };
  return connection;
}
