import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/app';
import type { Database } from '../infra/db';
import { block, exam, reportSetting, subject } from './schema';

// Every jsonb column is read through its contracts schema (db/stored.ts `storedJsonb`): what the server writes
// comes back as written, and a value of another shape fails the read, naming the column, instead of travelling
// on typed as what it is not.

let database: Database;
let subjectId: number;

beforeAll(async () => {
  database = await testDatabase();
  const [e] = await database.db.insert(exam).values({ name: '存储格式' }).returning();
  const [s] = await database.db
    .insert(subject)
    .values({ examId: e!.id, course: '数学', name: '数学', fullScore: 100 })
    .returning();
  subjectId = s!.id;
});

afterAll(async () => {
  await database?.close();
});

const regions = [{ page: 0, x: 10, y: 20, w: 300, h: 100 }];
const points = [{ no: '17', step: 0.5 as const, points: [{ name: '公式', score: 2 }] }];

describe('jsonb parsed on read', () => {
  it('reads back block regions and 给分点 as written, typed', async () => {
    const [b] = await database.db
      .insert(block)
      .values({ subjectId, name: '甲', nos: ['17'], regions, points })
      .returning();
    expect(b!.regions).toEqual(regions);
    const [again] = await database.db.select().from(block).where(eq(block.id, b!.id));
    expect(again!.regions).toEqual(regions);
    expect(again!.points).toEqual(points);
  });

  it('refuses a block whose regions are of another shape, naming the column', async () => {
    const [b] = await database.db
      .insert(block)
      .values({ subjectId, name: '乙', nos: ['18'] })
      .returning();
    expect(b!.regions).toEqual([]);
    await database.db.execute(
      sql`update block set regions = '[{"page": 0, "rect": {"x": 1}}]'::jsonb where id = ${b!.id}`,
    );
    await expect(database.db.select().from(block).where(eq(block.id, b!.id))).rejects.toThrow(
      /block\.regions is malformed/,
    );
  });

  it('refuses report settings without their grades, naming the column', async () => {
    const [e] = await database.db.insert(exam).values({ name: '设置' }).returning();
    await database.db.execute(sql`insert into report_setting (exam_id, settings, version)
      values (${e!.id}, '{"rates": {"excellent": 85, "good": 70, "pass": 60, "low": 40}}'::jsonb, 1)`);
    await expect(
      database.db.select().from(reportSetting).where(eq(reportSetting.examId, e!.id)),
    ).rejects.toThrow(/report_setting\.settings is malformed/);
  });
});
