import { eq } from 'drizzle-orm';
import path from 'node:path';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardTemplateSchema, type ScanExceptionItem, type ScanPaperItem, type Paged } from '@yj/contracts';
import {
  createRng,
  generateSet,
  randomAnswers,
  simulateSheet,
  typicalCard,
  type GeneratedSheet,
} from '@yj/scan-sim';
import { examRole, scanBatch, scanPage } from '../../../db/schema';
import { fsStorage } from '../../../infra/storage';
import { scanJobs } from '../recognition/scan.jobs';
import { scanJobDeps } from '../scan.module';
import { body, testApp, type TestApp, type Client } from '../../../../test/app';
import { postScans } from '../../../../test/multipart';
import {
  buildScanScene,
  scanExceptionCounts,
  scanExceptions,
  untilNoPageQueued,
} from '../../../../test/scan';
import { buildSchool, buildUser, signInAs } from '../../../../test/factories';
import { signInSchoolAdmin } from '../../../../test/school-scene';

let t: TestApp;
let admin: Client;
let examId: number;
let subjectId: number;
let schoolId: number;
const card = typicalCard();
/** sheets 0–5: three students × two pages, deterministic */
let sheets: GeneratedSheet[];
const kaohaoOf = (student: number) => sheets[student * 2]!.truth.answers.examNumber!;

async function upload(
  c: Client,
  files: Array<{ name: string; data: Buffer }>,
  path = 'answerCard',
  fields: Record<string, string> = {},
) {
  return postScans(t.app, c.cookie, subjectId, files, fields, path);
}

const jpgs = (list: GeneratedSheet[]) => list.map((s) => ({ name: `${s.name}.jpg`, data: s.jpeg }));

const recognised = () => untilNoPageQueued(admin, subjectId);

/** The admin uploads these files (name → bytes), accepted, and waits for their recognition; the upload's counts. */
async function uploadRecognised(files: Record<string, Buffer>) {
  const res = body<{ accepted: number; pages: number; papers: number }>(
    await upload(
      admin,
      Object.entries(files).map(([name, data]) => ({ name, data })),
    ),
  );
  expect(res.code, res.message).toBe(0);
  await recognised();
  return res.data;
}

/** A clean scan of the card's page `page`, its answers drawn at random from `seed` (with this exam number). */
const cleanSheet = (page: number, seed: number, opts: { kaohao?: string; blank?: boolean } = {}) =>
  simulateSheet(card, page, randomAnswers(card.pages[page]!, createRng(seed), 'clean', opts.kaohao), {
    seed,
    difficulty: 'clean',
    blank: opts.blank,
  });

async function papers(): Promise<ScanPaperItem[]> {
  return body<Paged<ScanPaperItem>>(await admin.get(`/filter/api/subject/${subjectId}/scan/papers?size=200`))
    .data.items;
}
const exceptions = (type?: string) =>
  scanExceptions(admin, subjectId, type ? { type, size: 200 } : { size: 200 });
const pageRows = () => t.database.db.select().from(scanPage).where(eq(scanPage.subjectId, subjectId));

beforeAll(async () => {
  t = await testApp();
  sheets = await Promise.all(
    [0, 1, 2, 3, 4, 5].map((i) => generateSet(card, i, { seed: 21, difficulty: 'clean' })),
  );
  // students 0 and 1 and a fourth who is never scanned are examinees; student 2's number is unknown
  const opts = { name: '扫描考试', course: '数学', fullScore: 150 };
  const kaohaos = [kaohaoOf(0), kaohaoOf(1), '99999999'];
  ({ admin, examId, subjectId, schoolId } = await buildScanScene(t, card, opts, kaohaos));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('upload and recognition', () => {
  it('stores jpg pages, recognises them and matches papers to examinees with their objective answers', async () => {
    const res = body<{ accepted: number; duplicates: number; papers: number; pages: number }>(
      await upload(admin, jpgs(sheets.slice(0, 4))),
    );
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ pages: 4, accepted: 4, duplicates: 0, papers: 2 });
    await recognised();
    const list = await papers();
    expect(list).toHaveLength(2);
    for (const [i, p] of list.entries()) {
      expect(p.kaohao).toBe(kaohaoOf(i));
      expect(p.examineeId).not.toBeNull();
      expect(p.pages.map((x) => x.templatePage)).toEqual([0, 1]);
      for (const sheet of sheets.slice(i * 2, i * 2 + 2)) {
        for (const [q, want] of Object.entries(sheet.truth.answers.objective)) {
          if (sheet.truth.expectExceptions.includes(q)) continue;
          expect(p.objective[q], `student ${i} question ${q}`).toEqual(want);
        }
      }
    }
    const progress = body<Array<{ matched: number; missing: number; examinees: number }>>(
      await admin.get(`/filter/api/exam/${examId}/allScanProgress`),
    );
    expect(progress.data[0]).toMatchObject({ examinees: 3, matched: 2, missing: 1 });
    const missed = body<Paged<{ kaohao: string }>>(
      await admin.get(`/filter/api/subject/${subjectId}/missedExamDetail`),
    );
    expect(missed.data.items.map((x) => x.kaohao)).toEqual(['99999999']);
  });

  it('recognises the same content once: a second upload is reported as duplicate and queues nothing', async () => {
    const before = (await pageRows()).length;
    const res = body<{ accepted: number; duplicates: number; papers: number }>(
      await upload(admin, jpgs(sheets.slice(0, 2))),
    );
    expect(res.data).toMatchObject({ accepted: 0, duplicates: 2, papers: 0 });
    expect((await pageRows()).length).toBe(before);
    expect(await papers()).toHaveLength(2);
  });

  it('unpacks a zip; an exam number not among the examinees becomes a 考号 exception', async () => {
    const zip = new JSZip();
    for (const f of jpgs(sheets.slice(4, 6))) zip.file(f.name, f.data);
    const res = body<{ accepted: number; papers: number }>(
      await upload(admin, [{ name: '第二批.zip', data: await zip.generateAsync({ type: 'nodebuffer' }) }]),
    );
    expect(res.data).toMatchObject({ accepted: 2, papers: 1 });
    await recognised();
    const kaohao = await exceptions('kaohao');
    expect(kaohao).toHaveLength(1);
    expect(kaohao[0]!.reason).toContain('不在考生名单中');
    expect(kaohao[0]!.kaohao).toBe(kaohaoOf(2));
  });

  it('a second paper with a taken exam number becomes 考号重复', async () => {
    const front = await cleanSheet(0, 77, { kaohao: kaohaoOf(0) });
    const back = await cleanSheet(1, 78);
    await uploadRecognised({ 'again-1.jpg': front.jpeg, 'again-2.jpg': back.jpeg });
    const repeat = await exceptions('kaohaoRepeat');
    expect(repeat).toHaveLength(1);
    expect(repeat[0]!.detail).toMatchObject({ kaohao: kaohaoOf(0) });
    const counts = await scanExceptionCounts(admin, subjectId);
    expect(counts).toMatchObject({ kaohaoExp: 1, kaohaoRepeat: 1, duplicateExamNoExceptionCount: 1 });
  });

  it('flags a blank page and a page of another card as exceptions and goes on', async () => {
    const other = CardTemplateSchema.parse({ ...card, id: 'another-card' });
    const foreign = await generateSet(other, 0, { seed: 3, difficulty: 'clean' });
    const blank = await cleanSheet(1, 5, { blank: true });
    await uploadRecognised({ 'x1.jpg': foreign.jpeg, 'x2.jpg': blank.jpeg });
    expect((await exceptions('wrongPage')).length).toBe(1);
    expect((await exceptions('blank')).length).toBe(1);
    const counts = await scanExceptionCounts(admin, subjectId);
    expect(counts.otherExp).toBe(2);
  });
});

describe('robustness', () => {
  it('flags corrupt images as image exceptions and keeps the batch going', async () => {
    const junk = (n: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, n)]);
    expect((await uploadRecognised({ 'c1.jpg': junk(1), 'c2.jpg': junk(2) })).accepted).toBe(2);
    const image = await exceptions('image');
    expect(image).toHaveLength(2);
    expect(image[0]!.reason).toContain('图像无法读取');
    const counts = await scanExceptionCounts(admin, subjectId);
    expect(counts.subExp).toBe(2);
  });

  it('flags a 1-pixel image and an empty PDF with a message; pages uploaded after them are recognised', async () => {
    const dot = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const emptyPdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const seen = new Set((await exceptions()).map((e) => e.id));
    expect((await uploadRecognised({ 'dot.png': dot, 'empty.pdf': emptyPdf })).accepted).toBe(2);
    const flagged = (await exceptions()).filter((e) => !seen.has(e.id));
    expect(flagged.map((e) => e.type)).toEqual(['image', 'image']);
    expect(flagged.map((e) => e.reason)).toEqual([
      '图像尺寸过小或数据不完整',
      'PDF 文件没有页面或已损坏，无法读取',
    ]);
    // the subject goes on: a good paper uploaded next is read
    const good = await Promise.all([0, 1].map((p) => cleanSheet(p, 70 + p)));
    expect((await uploadRecognised({ 'g0.jpg': good[0]!.jpeg, 'g1.jpg': good[1]!.jpeg })).accepted).toBe(2);
    const rows = (await pageRows()).sort((a, b) => a.id - b.id);
    expect(rows.filter((r) => r.status === 'queued')).toHaveLength(0);
    expect(rows.slice(-2).map((r) => r.templatePage)).toEqual([0, 1]);
  });

  it('runs a finished paper again without changing anything, with attempts recorded', async () => {
    // A finished paper must not be recognised again: a pool that refuses work proves it is not asked.
    const refuse = {
      run: () => Promise.reject(new Error('recognised again')),
      print: () => Promise.reject(new Error('recognised again')),
      close: async () => {},
    };
    const jobs = scanJobs(
      scanJobDeps({
        db: t.database.db,
        storage: fsStorage(path.join(t.config.dataDir, 'files')),
        pool: refuse,
      }),
    );
    const before = await exceptions();
    const first = (await papers())[0]!;
    expect(await jobs.handleScanRecognize({ paperId: first.id })).toBe('skipped');
    expect(await exceptions()).toEqual(before);
    expect((await papers())[0]).toEqual(first);
    expect((await pageRows()).every((p) => p.attempts === 1)).toBe(true);
  });
});

describe('refusals', () => {
  it('refuses a file that is not an image with a Chinese message and writes nothing', async () => {
    const batches = (await t.database.db.select().from(scanBatch)).length;
    const pages = (await pageRows()).length;
    const fresh = await cleanSheet(0, 9);
    const res = body(
      await upload(admin, [
        { name: 'a.jpg', data: fresh.jpeg },
        { name: '说明.txt', data: Buffer.from('这不是图片') },
      ]),
    );
    expect(res.code).toBe(1);
    expect(res.message).toContain('不是支持的格式');
    const odd = body(await upload(admin, [{ name: 'a.jpg', data: fresh.jpeg }]));
    expect(odd.code).toBe(1);
    expect(odd.message).toContain('整数倍');
    const names = body(await upload(admin, [{ name: 'a.jpg', data: fresh.jpeg }], 'uploadorigin'));
    expect(names.message).toBe('图片名称只能为数字');
    // answerCard is sent by the browser or the scan agent; uploadorigin has its own route
    for (const source of ['origin', 'robot'])
      expect(body(await upload(admin, jpgs(sheets.slice(0, 2)), 'answerCard', { source })).message).toBe(
        '上传来源不正确',
      );
    expect((await t.database.db.select().from(scanBatch)).length).toBe(batches);
    expect((await pageRows()).length).toBe(pages);
  });

  it("keeps another school's users out", async () => {
    const other = await buildSchool(t.database.db);
    const otherAdmin = await signInSchoolAdmin(t, other.id);
    expect(body(await upload(otherAdmin, jpgs(sheets.slice(0, 2)))).message).toBe('无权限');
    expect(body(await otherAdmin.get(`/filter/api/subject/${subjectId}/scan/scanException`)).message).toBe(
      '无权限',
    );

    // scanners of this subject: one for this school, one bound to the other school
    const [ours, theirs] = await Promise.all([buildUser(t.database.db), buildUser(t.database.db)]);
    await t.database.db.insert(examRole).values([
      { examId, subjectId, schoolId, userId: ours.id, role: 2 },
      { examId, subjectId, schoolId: other.id, userId: theirs.id, role: 2 },
    ]);
    const page = (await papers())[0]!.pages[0]!.id;
    const scanner = await signInAs(t, ours);
    const img = await scanner.get(`/filter/api/scan/page/${page}/image`);
    expect(img.headers['content-type']).toBe('image/jpeg');
    // subjective regions are cut when first looked at, not during recognition
    const [row] = await t.database.db.select().from(scanPage).where(eq(scanPage.id, page));
    const first = (row!.result as { crops: { key: string; bbox: { w: number; h: number } }[] }).crops[0]!;
    const files = fsStorage(path.join(t.config.dataDir, 'files'));
    expect(await files.get(first.key)).toBeNull();
    const crop = await scanner.get(`/filter/api/scan/page/${page}/crop/0`);
    expect(crop.headers['content-type']).toBe('image/jpeg');
    const cut = await sharp(crop.rawPayload).metadata();
    expect([cut.width, cut.height]).toEqual([first.bbox.w, first.bbox.h]);
    expect((await files.get(first.key))?.equals(crop.rawPayload)).toBe(true);
    const stranger = await signInAs(t, theirs);
    expect(body(await stranger.get(`/filter/api/scan/page/${page}/image`)).message).toBe('无权限');
    const seen = body<Paged<ScanExceptionItem>>(
      await stranger.get(`/filter/api/subject/${subjectId}/scan/exceptions`),
    );
    expect(seen.data.total).toBe(0);
    expect(
      body(await stranger.get(`/filter/api/subject/${subjectId}/scan/exceptions?schoolId=${schoolId}`))
        .message,
    ).toBe('无权限');
  });
});

describe('multi-page files', () => {
  it('splits a multi-page TIFF and renders a PDF at 200 dpi, page by page', async () => {
    const more = await Promise.all(
      [6, 7, 8, 9].map((i) => generateSet(card, i, { seed: 21, difficulty: 'clean' })),
    );
    const tif = await sharp([more[0]!.jpeg, more[1]!.jpeg], { join: { animated: true } })
      .tiff()
      .toBuffer();
    const mupdf = await import('mupdf');
    const buf = new mupdf.Buffer();
    const writer = new mupdf.DocumentWriter(buf, 'pdf', '');
    for (const s of more.slice(2)) {
      // a scanner's PDF: the page in points of its physical size, the image at 200 dpi
      const page = mupdf.Document.openDocument(s.jpeg, 'image/jpeg').loadPage(0);
      const [, , w, h] = page.getBounds();
      const f = (s.truth.width * 72) / 200 / w;
      page.run(writer.beginPage([0, 0, w * f, h * f]), mupdf.Matrix.scale(f, f));
      writer.endPage();
    }
    writer.close();
    const res = await uploadRecognised({ '扫描.tif': tif, '扫描.pdf': Buffer.from(buf.asUint8Array()) });
    expect(res).toMatchObject({ pages: 4, papers: 2 });
    const byKaohao = new Map((await papers()).map((p) => [p.kaohao, p]));
    for (const s of [more[0]!, more[2]!]) {
      const p = byKaohao.get(s.truth.answers.examNumber);
      expect(p?.pages.map((x) => x.templatePage)).toEqual([0, 1]);
    }
  });
});
