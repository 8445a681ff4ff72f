import { and, eq } from 'drizzle-orm';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SitPhoto, SitReceipt, SitView } from '@yj/contracts';
import { block, paper, scanPage } from '../../db/schema';
import { fsStorage } from '../../infra/storage';
import { body, testApp, type TestApp } from '../../../test/app';
import { multipartFile } from '../../../test/excel';
import { classPortalClients, type PortalClient } from '../../../test/portal';
import { buildScoreScene } from '../../../test/score';
import { photoPlaces, TYPED_PAGE } from './online-typed';
import { onlineBlockRegions } from './online-paper';
import { onlinePaperRepo } from './online-paper.repo';
import { onlinePhotoRepo } from './online-photo.repo';
import { onlineRepo } from './online.repo';

// 在线考试 (issue 34): a written answer photographed on paper — uploaded (JPEG/PNG only, decoded, capped),
// reordered, rotated, removed on the student's own open attempt — and laid on the question's page at hand-in.
let t: TestApp;
let s: Awaited<ReturnType<typeof buildScoreScene>>;
let sit: string;
let s1: PortalClient;
let s2: PortalClient;

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
/** A photo of one colour in the format given, as the phone would send it. */
const photo = (w: number, h: number, rgb: [number, number, number], fmt: 'png' | 'jpeg' | 'webp' = 'png') => {
  const background = { r: rgb[0], g: rgb[1], b: rgb[2] };
  return sharp({ create: { width: w, height: h, channels: 3, background } })
    .toFormat(fmt)
    .toBuffer();
};
/** 400 × 900: the top half blue, the bottom half green (which way up it lies on the page shows its rotation). */
const twoTone = async () =>
  sharp({ create: { width: 400, height: 900, channels: 3, background: { r: 0, g: 160, b: 0 } } })
    .composite([{ input: await photo(400, 450, [0, 0, 255]), left: 0, top: 0 }])
    .jpeg()
    .toBuffer();

const upload = (c: PortalClient, no: string, bytes: Buffer, name = 'a.jpg', type = 'image/jpeg') => {
  const form = multipartFile(name, bytes, type);
  return t.app.inject({
    method: 'POST',
    url: `${sit}/photos/${no}/upload`,
    payload: form.payload,
    headers: { ...form.headers, 'x-requested-with': 'XMLHttpRequest', cookie: c.cookie },
  });
};
const uploaded = async (c: PortalClient, no: string, bytes: Buffer) => {
  const b = body<SitPhoto[]>(await upload(c, no, bytes));
  if (b.code !== 0) throw new Error(b.message);
  return b.data;
};

/** Mean of each channel over a rectangle of the image. */
async function mean(img: Buffer, r: { x: number; y: number; w: number; h: number }) {
  const raw = await sharp(img)
    .extract({ left: r.x, top: r.y, width: r.w, height: r.h })
    .removeAlpha()
    .raw()
    .toBuffer();
  const sum = [0, 0, 0];
  for (let i = 0; i < raw.length; i++) sum[i % 3]! += raw[i]!;
  return sum.map((v) => Math.round(v / (raw.length / 3)));
}

beforeAll(async () => {
  t = await testApp();
  s = await buildScoreScene(t.app, t.database.db, 3);
  sit = `/filter/api/portal/online/${s.subjectId}`;
  const c = await classPortalClients(t.app, t.database.db, s, 3);
  [s1, s2] = [c[0]!, c[1]!];
  const setting = {
    mode: 'online',
    startsAt: minutes(-5),
    endsAt: minutes(60),
    durationMin: 30,
    contents: [{ no: '21', content: '证明题，请拍照上传', optionTexts: [] }],
  };
  const url = `/filter/api/subject/${s.subjectId}/online`;
  expect(body(await s.admin.post(url, setting)).code).toBe(0);
  expect(body(await s.admin.post(`${url}/launch`)).code).toBe(0);
});
afterAll(() => t.close());

describe('photos of a written answer', () => {
  let ids: number[] = [];

  it('refuses before the start, on a choice question, and anything but a decodable JPEG or PNG', async () => {
    const png = await photo(50, 50, [200, 0, 0]);
    expect(body(await upload(s1, '21', png)).errCode).toBe(12086);
    expect(body(await s1.post(`${sit}/start`)).code).toBe(0);
    expect(body(await upload(s1, '1', png)).errCode).toBe(12105);
    const text = body(await upload(s1, '21', Buffer.from('这不是图片'), 'a.jpg'));
    expect([text.errCode, text.message]).toEqual([
      12102,
      '只能上传 JPG 或 PNG 格式的照片，该文件无法识别为图片',
    ]);
    expect(body(await upload(s1, '21', await photo(50, 50, [0, 0, 0], 'webp'))).errCode).toBe(12102);
    const none = await t.app.inject({
      method: 'POST',
      url: `${sit}/photos/21/upload`,
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: s1.cookie },
    });
    expect(body(none).errCode).toBe(12100);
  });

  it('stores each photo before answering it; only its own student sees it', async () => {
    await uploaded(s1, '21', await photo(800, 600, [220, 30, 30]));
    const list = await uploaded(s1, '21', await twoTone());
    expect(list.map((p) => [p.no, p.position, p.rotation])).toEqual([
      ['21', 0, 0],
      ['21', 1, 0],
    ]);
    ids = list.map((p) => p.id);
    const img = await s1.get(`${sit}/photos/${ids[0]}`);
    expect(img.headers['content-type']).toContain('image/jpeg');
    expect((await sharp(img.rawPayload).metadata()).width).toBe(800);
    expect(body(await s2.get(`${sit}/photos/${ids[0]}`)).errCode).toBe(12104);
    expect(body<SitView>(await s1.get(sit)).data.photos).toEqual(list);
  });

  it('caps the photos per question; removing one closes the gap; another student cannot remove it', async () => {
    const small = await photo(40, 40, [0, 0, 0]);
    let list: SitPhoto[] = [];
    for (let i = 0; i < 4; i++) list = await uploaded(s1, '21', small);
    expect(list).toHaveLength(6);
    const over = body(await upload(s1, '21', small));
    expect([over.errCode, over.message]).toEqual([12103, '每题最多上传 6 张照片']);
    expect(body(await s2.post(`${sit}/start`)).code).toBe(0);
    expect(body(await s2.call('DELETE', `${sit}/photos/${list[2]!.id}`)).errCode).toBe(12104);
    for (const p of list.slice(2).reverse().slice(0, 3))
      expect(body(await s1.call('DELETE', `${sit}/photos/${p.id}`)).code).toBe(0);
    const left = body<SitPhoto[]>(await s1.call('DELETE', `${sit}/photos/${list[2]!.id}`)).data;
    expect(left.map((p) => [p.id, p.position])).toEqual([
      [ids[0], 0],
      [ids[1], 1],
    ]);
  });

  it('reorders and rotates: exactly the question’s photos, each once', async () => {
    const arrange = (photos: { id: number; rotation: number }[]) =>
      s1.post(`${sit}/photos/arrange`, { no: '21', photos });
    expect(body(await arrange([{ id: ids[0]!, rotation: 0 }])).errCode).toBe(12106);
    expect(
      body(
        await arrange([
          { id: ids[0]!, rotation: 0 },
          { id: ids[0]!, rotation: 0 },
        ]),
      ).errCode,
    ).toBe(12106);
    expect(
      body(
        await arrange([
          { id: ids[0]!, rotation: 45 },
          { id: ids[1]!, rotation: 0 },
        ]),
      ).code,
    ).toBe(1);
    const done = body<SitPhoto[]>(
      await arrange([
        { id: ids[1]!, rotation: 90 },
        { id: ids[0]!, rotation: 0 },
      ]),
    );
    expect(done.data.map((p) => [p.id, p.position, p.rotation])).toEqual([
      [ids[1], 0, 90],
      [ids[0], 1, 0],
    ]);
  });

  it('hands in: the photos lie on the question’s page, turned and in order; afterwards nothing changes', async () => {
    expect(body(await s1.post(`${sit}/answer`, { no: '21', value: '见照片', rev: 1 })).code).toBe(0);
    expect(body(await s1.post(`${sit}/submit`)).code).toBe(0);
    expect(body(await upload(s1, '21', await photo(40, 40, [0, 0, 0]))).errCode).toBe(12087);
    expect(body(await s1.call('DELETE', `${sit}/photos/${ids[0]}`)).errCode).toBe(12087);
    const db = t.database.db;
    const [page] = await db
      .select({ key: scanPage.storageKey })
      .from(scanPage)
      .innerJoin(paper, eq(paper.id, scanPage.paperId))
      .where(
        and(
          eq(paper.subjectId, s.subjectId),
          eq(paper.examineeId, s.examinees[0]!.id),
          eq(scanPage.position, 0),
        ),
      );
    const img = (await fsStorage(path.join(t.config.dataDir, 'files')).get(page!.key))!;
    // the two-tone photo turned a quarter clockwise (900 × 400), then the red one (800 × 600)
    const places = photoPlaces('见照片', [
      { width: 400, height: 900, rotation: 90 },
      { width: 800, height: 600, rotation: 0 },
    ]);
    expect(places.map((p) => [p.w, p.h])).toEqual([
      [900, 400],
      [800, 600],
    ]);
    const meta = await sharp(img).metadata();
    expect([meta.width, meta.height]).toEqual([
      TYPED_PAGE.w,
      Math.max(TYPED_PAGE.h, places[1]!.y + 600 + TYPED_PAGE.margin),
    ]);
    const [b] = places;
    const inset = (x: number, y: number, w: number, h: number) => ({
      x: x + 10,
      y: y + 10,
      w: w - 20,
      h: h - 20,
    });
    // the photo's top (blue) now on the right, its bottom (green) on the left
    const left = await mean(img, inset(b!.x, b!.y, b!.w / 2, b!.h));
    const right = await mean(img, inset(b!.x + b!.w / 2, b!.y, b!.w / 2, b!.h));
    expect(left[1]).toBeGreaterThan(120);
    expect(left[0]! + left[2]!).toBeLessThan(60);
    expect(right[2]).toBeGreaterThan(200);
    expect(right[0]! + right[1]!).toBeLessThan(60);
    const red = await mean(img, inset(places[1]!.x, places[1]!.y, 800, 600));
    expect(red[0]).toBeGreaterThan(180);
    expect(red[1]! + red[2]!).toBeLessThan(100);
    // the typed line is still there above them: ink in its band, white between the margin and the heading
    const band = await sharp(img)
      .extract({ left: 0, top: TYPED_PAGE.margin + TYPED_PAGE.line, width: 300, height: TYPED_PAGE.font })
      .greyscale()
      .raw()
      .toBuffer();
    expect(band.some((v) => v < 100)).toBe(true);
    // 开始阅卷: question 21's region as tall as the page its photos made, so the marker's cut holds them whole
    // a written answer of photos alone counts as answered on the receipt
    expect(body(await upload(s2, '21', await photo(40, 40, [0, 0, 0]))).code).toBe(0);
    expect(body<SitReceipt>(await s2.post(`${sit}/submit`)).data.answered).toBe(1);
    await db.transaction(async (tx) =>
      onlineBlockRegions(
        tx,
        s.subjectId,
        onlinePaperRepo,
        onlinePhotoRepo,
        await onlineRepo(tx).questions(s.subjectId),
      ),
    );
    const [b21] = await db.select({ regions: block.regions }).from(block).where(eq(block.id, s.blockId));
    expect(b21!.regions![0]).toEqual({ page: 0, x: 0, y: 0, w: TYPED_PAGE.w, h: meta.height });
  });
});
