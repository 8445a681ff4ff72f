import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/app';
import { rowsOf, type Database } from './db';
import { school } from '../db/schema';
import { executePrepared, runPrepared } from './prepared';

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

describe('runPrepared', () => {
  it('answers as the builder does, its columns mapped, under the one name its text gets', async () => {
    await database.db.transaction(async (tx) => {
      const made = await tx
        .insert(school)
        .values([{ name: '一中', schoolType: 2 }, { name: '二中' }])
        .returning({ id: school.id });
      for (const [i, { id }] of made.entries()) {
        const q = tx.select({ name: school.name, schoolType: school.schoolType }).from(school);
        const rows = await runPrepared(q.where(eq(school.id, id)));
        expect(rows).toEqual([{ name: ['一中', '二中'][i], schoolType: [2, 0][i] }]);
      }
      const updated = await runPrepared(
        tx
          .update(school)
          .set({ code: 'x1' })
          .where(eq(school.id, made[0]!.id))
          .returning({ code: school.code }),
      );
      expect(updated).toEqual([{ code: 'x1' }]);
      const named = rowsOf<{ statement: string }>(
        await tx.execute(sql`select statement from pg_prepared_statements where name like 'yj\\_%'
          and statement like '%"school"%'`),
      );
      // two selects with other values, one text; the update a text of its own
      expect(named).toHaveLength(2);
    });
  });
});
