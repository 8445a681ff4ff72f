import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/app';
import { intArray, rowsOf, textArray, type Database } from './db';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

const one = async <T>(q: SQL) => rowsOf<{ v: T }>(await database.db.execute(q))[0]!.v;

describe('intArray and textArray: a list as one array parameter', () => {
  it('an id list, a typed array and an empty list arrive as int[] (one parameter, not one per id)', async () => {
    expect(await one(sql`select ${intArray([3, 1, 2])} as v`)).toEqual([3, 1, 2]);
    expect(await one(sql`select ${intArray(Int32Array.of(7, 8))} as v`)).toEqual([7, 8]);
    expect(await one(sql`select ${intArray([])} as v`)).toEqual([]);
    expect(await one(sql`select 2 = any(${intArray([1, 2])}) as v`)).toBe(true);
    expect(new PgDialect().sqlToQuery(sql`select ${intArray([1, 2, 3])}`)).toMatchObject({
      sql: 'select $1::int[]',
      params: ['{1,2,3}'],
    });
  });

  it('strings keep their quotes, backslashes, commas, braces and spaces, and the empty string', async () => {
    const odd = ['a"b', 'c\\d', 'e,f', '{g}', ' h ', '', 'NULL', '第13(1)题'];
    expect(await one(sql`select ${textArray(odd)} as v`)).toEqual(odd);
    expect(await one(sql`select ${textArray([])} as v`)).toEqual([]);
  });
});
