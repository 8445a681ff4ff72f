import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardTemplateSchema } from '@yj/contracts';
import { orderlyStudent, printedPicture, typicalCard } from '@yj/scan-sim';
import { paper } from '../../../db/schema';
import { fsStorage } from '../../../infra/storage';
import { body, testApp, type Client, type TestApp } from '../../../../test/app';
import { buildScanScene, scanExceptions, uploadFed } from '../../../../test/scan';
import { templatePictureKey } from '../../template/template-picture';
import { gapClosed, lateAgainst } from './same-sheet';

// Two sheets pulled through together on a scanner without a double-feed sensor (scan-sim scannerFeed `doubleFed`):
// the first student's paper gets the second's back, silently, and the second shows as not scanned. Scanned again,
// the second sheet's back is found in both papers by its writing (same-sheet.ts), and both are raised.

let t: TestApp;
let admin: Client;
let subjectId: number;
let ids: Record<string, number>;
const K = Array.from({ length: 9 }, (_, i) => `2026${String(i + 1).padStart(4, '0')}`);
const base = typicalCard();
// the card's pages as pictures, as a card the product printed (or one drawn on a scanned blank) has them
const keys = ['a'.repeat(64), 'b'.repeat(64)];
const card = CardTemplateSchema.parse({
  ...base,
  pages: base.pages.map((p, i) => ({ ...p, image: keys[i] })),
});

const sheetsOf = (ks: string[], seed: number, rescan?: number) =>
  Promise.all(
    ks.map((k, i) => orderlyStudent(card, seed + 10 * i, k, rescan ? { rescan: rescan + 10 * i } : {})),
  );
const upload = (pile: Awaited<ReturnType<typeof sheetsOf>>, doubleFed: number[] = []) =>
  uploadFed(t, admin, subjectId, pile, { doubleFed });

const again = async () =>
  (await scanExceptions(admin, subjectId, { type: 'wrongPage', resolved: false, size: 50 })).filter(
    (x) => (x.detail as { foreign?: string }).foreign === 'again',
  );

beforeAll(async () => {
  t = await testApp();
  const storage = fsStorage(path.join(t.config.dataDir, 'files'));
  const opts = { name: '双张进纸考试', course: '数学', fullScore: 150 };
  ({ admin, subjectId, ids } = await buildScanScene(t, card, opts, K));
  for (const [i, page] of base.pages.entries()) {
    const jpeg = await printedPicture(page, base.id, base.name, page.dpi);
    await storage.put(templatePictureKey(subjectId, keys[i]!), jpeg);
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('which papers are late', () => {
  const before = { paperId: 10, batchId: 1, before: true };
  const after = { paperId: 11, batchId: 1, before: false };

  it('is a paper whose neighbours were all recognised in another batch', () => {
    expect(lateAgainst(2, [before, after])).toEqual([before, after]);
    expect(lateAgainst(2, [before])).toEqual([before]);
    // the first paper of a batch: the one after it was scanned with it
    expect(lateAgainst(2, [before, { ...after, batchId: 2 }])).toEqual([]);
    expect(lateAgainst(1, [])).toEqual([]);
  });

  it('checks only where the neighbours close the gap its sheet left in a pile in exam-number order', () => {
    // side by side in one batch
    expect(gapClosed([before, after], { afterIt: 11, beforeIt: 10 })).toBe(true);
    // a pile in another order: other papers between them
    expect(gapClosed([before, after], { afterIt: 12, beforeIt: 9 })).toBe(false);
    // the gap at a batch's end: the one before last of its batch, the one after first of the next
    const next = { ...after, batchId: 2 };
    expect(gapClosed([before, next], { afterIt: null, beforeIt: null })).toBe(true);
    expect(gapClosed([before, next], { afterIt: 12, beforeIt: null })).toBe(false);
    // the last examinee of the list: the one before it last of its batch
    expect(gapClosed([before], { afterIt: null, beforeIt: null })).toBe(true);
    expect(gapClosed([before], { afterIt: 12, beforeIt: null })).toBe(false);
  });
});

describe('one sheet in two papers', () => {
  it('finds the back fed with the sheet before it when that sheet is scanned again, and raises both papers', async () => {
    const pile = await sheetsOf(K.slice(0, 4), 600);
    // the second sheet stuck to the first: its front and the first's back never scanned
    const first = await upload(pile, [0]);
    expect(first.map((p) => [p.status, p.examineeId])).toEqual([
      ['ok', ids[K[0]!]],
      ['ok', ids[K[2]!]],
      ['ok', ids[K[3]!]],
    ]);
    expect(await again()).toEqual([]);
    // the person at the scanner sees K[1] not scanned and scans that sheet again
    const [late] = await upload(await sheetsOf([K[1]!], 610, 7_000));
    expect(late).toMatchObject({ examineeId: ids[K[1]!], status: 'exception' });
    const raised = await again();
    const theirs = raised.find((x) => x.paperId === first[0]!.id)!;
    const mine = raised.find((x) => x.paperId === late!.id)!;
    expect(raised).toHaveLength(2);
    expect(mine.detail).toMatchObject({ foreign: 'again', otherPaperId: first[0]!.id });
    expect(mine.reason).toContain(`第 2 张图与考号 ${K[0]} 答卷的第 2 张图笔迹相同`);
    expect(theirs.detail).toMatchObject({ foreign: 'again', otherPaperId: late!.id });
    expect(theirs.reason).toContain(`本答卷的这一页是考号 ${K[1]} 的`);
    const [was] = await t.database.db.select().from(paper).where(eq(paper.id, first[0]!.id));
    expect(was!.status).toBe('exception');

    // the paper holding the stray page taken out (its own sheet to be scanned again): the sheet is now in the
    // late paper alone, whose side of the pair is settled and which is 正常 again
    const r = body(
      await admin.post(`/filter/api/subject/${subjectId}/scan/fix/rescan`, { exceptionId: theirs.id }),
    );
    expect(r.code, r.message).toBe(0);
    expect(await again()).toEqual([]);
    const [now] = await t.database.db.select().from(paper).where(eq(paper.id, late!.id));
    expect(now).toMatchObject({ status: 'ok', examineeId: ids[K[1]!] });
  }, 240_000);

  it('raises nothing for a sheet found later that was never fed with another', async () => {
    const pile = await sheetsOf(K.slice(4, 9), 700);
    await upload([pile[0]!, pile[1]!, pile[3]!, pile[4]!]);
    const [late] = await upload([pile[2]!]);
    expect(late).toMatchObject({ examineeId: ids[K[6]!], status: 'ok' });
    expect((await again()).filter((x) => x.paperId === late!.id)).toEqual([]);
  }, 240_000);
});
