import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/app';
import { rowsOf, type Database } from './db';
import { executePrepared } from './prepared';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe('executePrepared', () => {
  it('answers like execute, preparing each text once per connection under a name of its own', async () => {
    await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) {
        const [r] = rowsOf<{ n: number }>(await executePrepared(tx, sql`select ${n}::int + 1 as n`));
        expect(r!.n).toBe(n + 1);
      }
      const [r] = rowsOf<{ n: number }>(await executePrepared(tx, sql`select ${5}::int * 2 as n`));
      expect(r!.n).toBe(10);
      // the connection of this transaction holds one statement per text, not one per call
      const named = rowsOf<{ statement: string }>(
        await tx.execute(sql`select statement from pg_prepared_statements where name like 'yj\\_%'
          order by statement`),
      );
      expect(named.map((x) => x.statement)).toEqual(['select $1::int * 2 as n', 'select $1::int + 1 as n']);
    });
  });
});
