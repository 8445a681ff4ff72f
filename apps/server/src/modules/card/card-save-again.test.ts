import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TemplateItem } from '@yj/contracts';
import { auditLog, block, cardDesign, template } from '../../db/schema';
import { body } from '../../../test/app';
import { subjectFixture, setQuestions } from '../../../test/subject-fixture';

// issue 31 point 12: 保存为模板 of the same card, again and again (the bench saves it every round). Each save
// overwrites the subject's one online template: nothing may pile up — rows, the stored body, the pictures,
// the blocks' regions — beyond the one log line a save writes.

let savedId: number;

const fx = subjectFixture({ name: '模板反复保存考试', course: '数学', fullScore: 150 }, async () => {
  const subjective = ['13', '14', '15', '16', '17'].map((no) => ({ no, score: 18 }));
  await setQuestions(fx.admin, fx.subjectId, '1-12 单选 A-D 每题5分', subjective);
  await fx.admin.post(`/filter/api/subject/${fx.subjectId}/setting/block`, {
    blocks: [
      { name: '第13-14题', nos: ['13', '14'] },
      { name: '第15题', nos: ['15'] },
      { name: '第16-17题', nos: ['16', '17'] },
    ],
  });
});

const picturesDir = () => path.join(fx.t.config.dataDir, 'files', 'templates', String(fx.subjectId));
/** The subject's stored template pictures. */
function pictureFiles(): string[] {
  return fs.existsSync(picturesDir())
    ? fs
        .readdirSync(picturesDir())
        .filter((f) => f.endsWith('.jpg'))
        .sort()
    : [];
}

/** What one save may not grow: counts and sizes of what the subject's card and template hold. */
async function footprint() {
  const db = fx.t.database.db;
  const [tpl] = await db
    .select({
      rows: sql<number>`count(*)::int`,
      bodyChars: sql<number>`coalesce(sum(length(${template.body}::text)), 0)::int`,
    })
    .from(template)
    .where(eq(template.subjectId, fx.subjectId));
  const [designs] = await db
    .select({ rows: sql<number>`count(*)::int` })
    .from(cardDesign)
    .where(eq(cardDesign.subjectId, fx.subjectId));
  const [blocks] = await db
    .select({
      rows: sql<number>`count(*)::int`,
      regionsChars: sql<number>`coalesce(sum(length(${block.regions}::text)), 0)::int`,
    })
    .from(block)
    .where(eq(block.subjectId, fx.subjectId));
  const [log] = await db
    .select({ rows: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.examId, fx.examId));
  return {
    template: tpl!,
    designs: designs!.rows,
    blocks: blocks!,
    log: log!.rows,
    pictures: pictureFiles(),
  };
}

const save = async (templateId?: number) =>
  body<{ template: TemplateItem; cardId: string }>(
    await fx.admin.post(`/filter/api/subject/${fx.subjectId}/card/save`, {
      ...(templateId ? { templateId } : {}),
      mainTemplateName: '主模板',
      paper: 'A3',
      columns: 3,
    }),
  );

describe('saving the same online card as the template again', () => {
  it('overwrites the one template: rows, body, pictures and block regions stay as after the first save', async () => {
    const first = await save();
    expect(first.code).toBe(0);
    const id = first.data.template.id;
    savedId = id;
    const after1 = await footprint();
    expect(after1.template.rows).toBe(1);
    expect(after1.designs).toBe(1);
    expect(after1.blocks.rows).toBe(3);
    // the blocks took their regions from the card
    expect(after1.blocks.regionsChars).toBeGreaterThan(3 * 2);
    expect(after1.pictures.length).toBe(first.data.template.pages);

    for (let round = 1; round <= 4; round++) {
      const again = await save(id);
      expect(again.code).toBe(0);
      expect(again.data.template.id).toBe(id);
      expect(again.data.cardId).toBe(first.data.cardId);
      expect(again.data.template.body).toEqual(first.data.template.body);
      const now = await footprint();
      expect({ ...now, log: 0 }).toEqual({ ...after1, log: 0 });
      // one line per save (template.update), the block regions unchanged so no block.save
      expect(now.log).toBe(after1.log + round);
    }
  });

  it('takes the pictures the same drawing was rendered to, and renders again when one is gone', async () => {
    const before = await footprint();
    const [gone] = before.pictures;
    fs.rmSync(path.join(picturesDir(), gone!));
    expect(pictureFiles()).not.toContain(gone);
    expect((await save(savedId)).code).toBe(0);
    expect(pictureFiles()).toEqual(before.pictures);
  });

  it('a new card for the subject (no template id) is laid out as before: the earlier template stays', async () => {
    const before = await footprint();
    const added = await save();
    expect(added.code).toBe(0);
    const now = await footprint();
    // what a school saved (and papers may have been read with) is never dropped by another save
    expect(now.template.rows).toBe(before.template.rows + 1);
    expect(now.designs).toBe(before.designs + 1);
    // the same card draws the same pictures: stored once under their content hash
    expect(now.pictures).toEqual(before.pictures);
  });
});
