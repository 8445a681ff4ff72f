import { createRequire } from 'node:module';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../db/schema';
import type { Db, Tx } from './db';
import { grantWriteLogger } from './grant-writes';
import { executePrepared, queryOf } from './prepared';

// issue 35: a marked paper's submit is a transaction of two statements that depend on each other (the lock with
// the mark, then finalize's writes with the claim). `begin` and `commit` each cost a round trip of their own in
// node-postgres, which sends one statement and waits for its answer. Here `begin` travels with the first
// statement and `commit` with the last, in one message each (the extended protocol's Parse/Bind/Execute of
// both, one Sync): two round trips for the transaction instead of four.

const prepareValue = (createRequire(import.meta.url)('pg/lib/utils') as { prepareValue: unknown })
  .prepareValue;

/** Values as drizzle's node-postgres driver answers them: timestamps, dates and intervals as text. */
const TEXT_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const types = {
  getTypeParser: (oid: number, format?: string) =>
    TEXT_TYPES.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text'),
};

/** The parts of pg's connection a pipeline writes (public at runtime, not in its types). */
interface Connection {
  parsedStatements: Record<string, string>;
  parse(q: { text: string; name: string; types: number[] }): void;
  bind(b: { portal: string; statement: string; values: unknown[]; binary: boolean; valueMapper: unknown }): void;
  describe(d: { type: 'P'; name: string }): void;
  execute(e: { portal: string }): void;
  sync(): void;
  on(event: 'parseComplete', f: () => void): void;
  off(event: 'parseComplete', f: () => void): void;
  stream: { cork?: () => void; uncork?: () => void };
}

interface Statement {
  text: string;
  params: unknown[];
  /** a named statement is parsed once per connection (prepared.ts) */
  name?: string;
}
type Answer = { rows: unknown[] };

const QueryBase = pg.Query as unknown as new (
  config: { text: string; types: typeof types },
  values: undefined,
  callback: (err: Error | null, res: Answer | Answer[]) => void,
) => {
  handleError(err: Error, con: Connection): void;
  handleReadyForQuery(con: Connection): void;
};

/** Several statements sent in one message and answered after one Sync: one round trip. */
class Pipeline extends QueryBase {
  private parsing: Array<string | undefined> = [];
  private con: Connection | null = null;
  private readonly onParsed = () => {
    const name = this.parsing.shift();
    const s = this.statements.find((x) => x.name === name);
    if (name && s && this.con) this.con.parsedStatements[name] = s.text;
  };

  constructor(
    private readonly statements: Statement[],
    callback: (err: Error | null, res: Answer | Answer[]) => void,
  ) {
    super({ text: statements.map((s) => s.text).join(';\n'), types }, undefined, callback);
  }

  requiresPreparation(): boolean {
    return true;
  }

  prepare(con: Connection): void {
    this.con = con;
    con.on('parseComplete', this.onParsed);
    for (const s of this.statements) {
      const name = s.name ?? '';
      if (!name || con.parsedStatements[name] === undefined) {
        con.parse({ text: s.text, name, types: [] });
        this.parsing.push(s.name);
      }
      con.bind({ portal: '', statement: name, values: s.params, binary: false, valueMapper: prepareValue });
      con.describe({ type: 'P', name: '' });
      con.execute({ portal: '' });
    }
    con.sync();
  }

  private done(): void {
    this.con?.off('parseComplete', this.onParsed);
  }

  override handleError(err: Error, con: Connection): void {
    this.done();
    super.handleError(err, con);
  }

  override handleReadyForQuery(con: Connection): void {
    this.done();
    super.handleReadyForQuery(con);
  }
}

function send(client: pg.PoolClient, statements: Statement[]): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    void client.query(
      new Pipeline(statements, (err, res) =>
        err ? reject(err) : resolve(Array.isArray(res) ? res : [res]),
      ) as unknown as pg.QueryConfig,
    );
  });
}

const BEGIN: Statement = { text: 'begin', params: [] };
const COMMIT: Statement = { text: 'commit', params: [] };

/** A transaction whose first statement carries `begin` and whose last carries `commit`. */
export interface Piped {
  /** for the statements between, on the same connection and transaction */
  tx: Tx;
  /** the transaction's first statement, `begin` sent with it */
  first(q: SQL): Promise<unknown>;
  /** its last statement, `commit` sent with it (a transaction without one is committed after `work`) */
  last(q: SQL): Promise<unknown>;
}

/** The drizzle handle of a pooled connection, made once per connection. */
const handles = new WeakMap<pg.PoolClient, Tx>();

/**
 * `work` in a transaction of two round trips fewer (see above) on node-postgres; on PGlite (tests, one
 * connection in process) an ordinary transaction with the same answers. Any error rolls it back.
 */
export async function pipedTransaction<T>(db: Db, work: (p: Piped) => Promise<T>): Promise<T> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool))
    return db.transaction((tx) =>
      work({ tx, first: (q) => executePrepared(tx, q), last: (q) => executePrepared(tx, q) }),
    );
  const client = await pool.connect();
  let tx = handles.get(client);
  if (!tx) {
    tx = drizzle(client, { schema, logger: grantWriteLogger }) as unknown as Tx;
    handles.set(client, tx);
  }
  const statement = (q: SQL): Statement => queryOf(db, q);
  let open = false;
  let broken: Error | undefined;
  try {
    const out = await work({
      tx,
      first: async (q) => {
        open = true;
        return (await send(client, [BEGIN, statement(q)]))[1];
      },
      last: async (q) => {
        const [answer] = await send(client, [statement(q), COMMIT]);
        open = false;
        return answer;
      },
    });
    if (open) await client.query('commit');
    return out;
  } catch (err) {
    // whatever failed (the server skips the rest of a message after an error), the transaction ends here
    await client.query('rollback').catch((e: Error) => (broken = e));
    throw err;
  } finally {
    client.release(broken);
  }
}
