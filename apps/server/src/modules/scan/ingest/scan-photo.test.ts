import { eq } from 'drizzle-orm';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged, ScanPaperItem } from '@yj/contracts';
import { generatePhoto, quizCard, type GeneratedSheet } from '@yj/scan-sim';
import { scanPage } from '../../../db/schema';
import { fsStorage } from '../../../infra/storage';
import { body, testApp, type TestApp, type Client } from '../../../../test/app';
import { postScans } from '../../../../test/multipart';
import { buildScanScene, scanExceptions, untilNoPageQueued } from '../../../../test/scan';

// Issue 33: a quiz scanned with a phone. Photos sent with photo=1 are straightened to the card's page before
// they are stored, then recognised like scanned pages; a photo whose sheet cannot be found is stored as it is
// and becomes a 定位异常 with the photo as its picture; the same photo sent again (a retry) is a duplicate.

let t: TestApp;
let admin: Client;
let subjectId: number;
const card = quizCard();
let photos: GeneratedSheet[];

const stored = async (key: string) => (await fsStorage(path.join(t.config.dataDir, 'files')).get(key))!;
const send = (files: Array<{ name: string; data: Buffer }>) =>
  postScans(t.app, admin.cookie, subjectId, files, { photo: '1' });

const recognised = () => untilNoPageQueued(admin, subjectId);

beforeAll(async () => {
  t = await testApp();
  photos = await Promise.all([0, 1].map((i) => generatePhoto(i, { seed: 33, difficulty: 'clean' })));
  const kaohaos = photos.map((p) => p.truth.answers.examNumber!);
  const opts = { name: '手机扫描小测', course: '数学', fullScore: 40 };
  ({ admin, subjectId } = await buildScanScene(t, card, opts, kaohaos));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('quiz sheets photographed with a phone', () => {
  it('stores each photo straightened to the page and reads it as a scan', async () => {
    const res = body<{ accepted: number; papers: number }>(
      await send(photos.map((p, i) => ({ name: `phone-${i}.jpg`, data: p.jpeg }))),
    );
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ accepted: 2, papers: 2 });
    await recognised();
    const rows = await t.database.db.select().from(scanPage).where(eq(scanPage.subjectId, subjectId));
    for (const r of rows) {
      const meta = await sharp(await stored(r.storageKey)).metadata();
      // the card's page (template px), not the 1800 × 2400 photo
      expect([meta.width, meta.height]).toEqual([
        Math.round(card.pages[0]!.width),
        Math.round(card.pages[0]!.height),
      ]);
    }
    const list = body<Paged<ScanPaperItem>>(
      await admin.get(`/filter/api/subject/${subjectId}/scan/papers?size=50`),
    ).data.items;
    expect(list.map((p) => p.kaohao).sort()).toEqual(photos.map((p) => p.truth.answers.examNumber).sort());
    for (const p of list) {
      const truth = photos.find((x) => x.truth.answers.examNumber === p.kaohao)!.truth;
      for (const [q, want] of Object.entries(truth.answers.objective))
        expect(p.objective[q], q).toEqual(want);
    }
  }, 180_000);

  it('takes a retried photo as a duplicate: nothing stored or read twice', async () => {
    const res = body<{ accepted: number; duplicates: number }>(
      await send([{ name: 'phone-0.jpg', data: photos[0]!.jpeg }]),
    );
    expect(res.data).toMatchObject({ accepted: 0, duplicates: 1 });
  }, 60_000);

  it('makes a photo whose sheet is cut off a 定位异常, the photo kept as its picture', async () => {
    const cut = await sharp(photos[1]!.jpeg)
      .extract({ left: 700, top: 0, width: 1100, height: 2400 })
      .jpeg()
      .toBuffer();
    const res = body<{ accepted: number }>(await send([{ name: 'phone-cut.jpg', data: cut }]));
    expect(res.data).toMatchObject({ accepted: 1 });
    await recognised();
    const loc = await scanExceptions(admin, subjectId, { type: 'location', size: 50 });
    expect(loc).toHaveLength(1);
    const page = (await t.database.db.select().from(scanPage).where(eq(scanPage.id, loc[0]!.pageId!)))[0]!;
    expect((await sharp(await stored(page.storageKey)).metadata()).width).toBe(1100);
  }, 120_000);
});
