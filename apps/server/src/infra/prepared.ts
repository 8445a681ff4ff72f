import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './db';

/** The parts of drizzle's database object a named statement needs (public at runtime, marked internal in types). */
interface Internals {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      q: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(): Promise<unknown> };
  };
}

/** Statement names by text: the hash is computed once per distinct text. */
const names = new Map<string, string>();
const MAX_NAMES = 1_000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= MAX_NAMES) names.clear();
    name = `yj_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    names.set(text, name);
  }
  return name;
}

/** The statement's text, values and name as `executePrepared` sends it (the pipeline of pipeline.ts too). */
export function queryOf(db: Db | Tx, query: SQL): { text: string; params: unknown[]; name: string } {
  const q = (db as unknown as Internals).dialect.sqlToQuery(query);
  return { text: q.sql, params: q.params, name: nameOf(q.sql) };
}

/**
 * A statement of a hot path (the marking claim and submit, the image request) run as a named prepared statement:
 * each connection parses and plans it once instead of on every call. Planning was about 40 % of PostgreSQL's
 * time in `bench:marking` — the claim's plan alone cost 1.75 ms against 1 ms to run it. The name is a hash of
 * the text, so texts that differ (a school filter, another slot list) are different statements and a name
 * never meets another text. Only for statements with a bounded set of texts (values as parameters): every
 * name stays prepared on each pooled connection. Same answer as `db.execute` (`{ rows }`).
 */
export function executePrepared(db: Db | Tx, query: SQL): Promise<unknown> {
  const d = db as unknown as Internals;
  const q = d.dialect.sqlToQuery(query);
  return d.session.prepareQuery(q, undefined, nameOf(q.sql), false).execute();
}

/** What drizzle's prepared query keeps of its statement (node-postgres: public at runtime, internal in types). */
interface PreparedInternals<R> {
  queryString?: string;
  rawQueryConfig?: { name?: string };
  queryConfig?: { name?: string };
  execute(): Promise<R>;
}

/**
 * A query builder's statement run as `executePrepared` runs a statement (named by its text: parsed and planned
 * once a connection), its rows mapped as the builder maps them. For the statements every recognised paper sends:
 * parsing and planning them was over half of PostgreSQL's time a paper in `bench:scan` (the update of the
 * pages' results aside, whose time is its JSON). Prepared without a name, then named from the text it made:
 * asking the builder for its text first would make it twice (0.12 ms for the recognition job's paper select).
 * A driver that keeps no name (PGlite, in its own process) runs it as it is.
 */
export function runPrepared<R>(q: { prepare(name: string): { execute(): Promise<R> } }): Promise<R> {
  const p = q.prepare('') as PreparedInternals<R>;
  if (p.queryString !== undefined && p.rawQueryConfig && p.queryConfig && 'name' in p.queryConfig) {
    const name = nameOf(p.queryString);
    p.rawQueryConfig.name = name;
    p.queryConfig.name = name;
  }
  return p.execute();
}
