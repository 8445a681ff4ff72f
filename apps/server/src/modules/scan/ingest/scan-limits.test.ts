import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { typicalCard } from '@yj/scan-sim';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { body, XHR } from '../../../../test/app';
import { multipartFile } from '../../../../test/excel';
import { multipartFiles, postScans } from '../../../../test/multipart';
import { subjectFixture, saveTemplate } from '../../../../test/subject-fixture';

// Issue 19, point 4: one upload must neither freeze the server nor take its memory. PDF pages render on worker
// threads, only the pages needed, each under a pixel cap; images are sized from their header before decoding.

// typicalCard has two pages: uploads must hold a multiple of two
const fx = subjectFixture(
  { name: '上传限制', course: '数学', fullScore: 150 },
  () => saveTemplate(fx.admin, fx.subjectId, typicalCard()),
  120_000,
);

const A4 = [595, 842] as const;

/** A PDF of blank pages of the given sizes (points): tiny files that render to full pages. */
async function pdf(sizes: ReadonlyArray<readonly [number, number]>): Promise<Buffer> {
  const mupdf = await import('mupdf');
  const buf = new mupdf.Buffer();
  const writer = new mupdf.DocumentWriter(buf, 'pdf', '');
  for (const [w, h] of sizes) {
    writer.beginPage([0, 0, w, h]);
    writer.endPage();
  }
  writer.close();
  return Buffer.from(buf.asUint8Array());
}

const upload = (files: Array<{ name: string; data: Buffer }>) =>
  postScans(fx.t.app, fx.admin.cookie, fx.subjectId, files).then((r) => body(r));

const templateImage = (data: Buffer, page: number) => {
  const m = multipartFile('card.pdf', data, 'application/pdf');
  return fx.t.app
    .inject({
      method: 'POST',
      url: `/filter/api/subject/${fx.subjectId}/template/image?page=${page}`,
      headers: { ...XHR, cookie: fx.admin.cookie, ...m.headers },
      payload: m.payload,
    })
    .then((r) => body(r));
};

describe('PDF uploads', () => {
  it('keeps answering other requests while a 201-page PDF is rendered', async () => {
    const file = await pdf(Array.from({ length: 201 }, () => A4));
    let pending = true;
    const sent = upload([{ name: '整包.pdf', data: file }]).finally(() => (pending = false));
    // Rendered on the main thread, the pages would hold every request until the last one (issue: 21.7 s);
    // here fifty health checks, one after another, are all answered while the upload is still being rendered.
    let answered = 0;
    while (pending && answered < 50) {
      const h = body(await fx.t.app.inject({ method: 'GET', url: '/filter/health' }));
      expect(h.code).toBe(0);
      if (pending) answered++;
    }
    expect(answered).toBe(50);
    // 201 pages do not make whole two-page sheets: every page was rendered, then the batch is refused
    expect(await sent).toMatchObject({
      code: 1,
      message: expect.stringContaining('（201）不是模板页数（2）'),
    });
  }, 300_000);

  it('refuses a page too large to render, naming it', async () => {
    const res = await upload([{ name: '海报.pdf', data: await pdf([A4, [14_400, 14_400]]) }]);
    expect(res).toMatchObject({ code: 1, message: '文件“海报.pdf”页面尺寸过大（第 2 页），请检查文件' });
  });

  it('renders only the page the template builder asks for', async () => {
    // page 2 would be refused if rendered: asking for page 1 never touches it
    const file = await pdf([A4, [14_400, 14_400]]);
    const first = await templateImage(file, 0);
    expect(first.code, first.message).toBe(0);
    expect(first.data).toMatchObject({ width: 1653, height: 2339 });
    expect(await templateImage(file, 1)).toMatchObject({
      code: 1,
      message: expect.stringContaining('第 2 页'),
    });
    expect(await templateImage(file, 5)).toMatchObject({ code: 1, message: '文件只有 2 页，没有第 6 页' });
  });
});

describe('large images', () => {
  it('refuses four 16,000² TIFFs sent at once from their headers, with the memory bounded', async () => {
    // 256 M pixels each, a few hundred KB compressed: decoding one took 1.5 GB
    const tif = await sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: '#fff' } })
      .toColourspace('b-w')
      .tiff({ compression: 'deflate', tile: true })
      .toBuffer();
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => upload([{ name: `大图${n}.tif`, data: tif }])),
    ).finally(() => clearInterval(timer));
    for (const [i, r] of results.entries())
      expect(r).toMatchObject({
        code: 1,
        message: `文件“大图${i + 1}.tif”页面尺寸过大（第 1 页），请检查文件`,
      });
    expect(peak - before).toBeLessThan(800 * 1024 * 1024);
  }, 120_000);

  it('refuses a 16,000² PNG from its header', async () => {
    const png = await sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: '#fff' } })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(
      await upload([
        { name: '1.png', data: png },
        { name: '2.png', data: png },
      ]),
    ).toMatchObject({
      code: 1,
      message: '文件“1.png”页面尺寸过大（第 1 页），请检查文件',
    });
  }, 120_000);
});

describe('zip uploads', () => {
  it('refuses a zip whose file unpacks past the limit before inflating it', async () => {
    // 300 MB of zeros deflate to ~300 KB; the entry is streamed in, never held whole here
    function* zeros() {
      const mb = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < 300; i++) yield mb;
    }
    const zip = new JSZip();
    zip.file('1.jpg', Readable.from(zeros()));
    const file = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', streamFiles: true });
    const before = process.memoryUsage().rss;
    expect(await upload([{ name: '炸弹.zip', data: file }])).toMatchObject({
      code: 1,
      message: '压缩包“炸弹.zip”解压后过大',
    });
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  }, 120_000);
});

describe('broken uploads', () => {
  it('answers a multipart body cut off mid-part with 400 上传中断，请重新上传', async () => {
    const m = multipartFiles([{ name: 'a.jpg', data: Buffer.alloc(64 * 1024, 7) }]);
    const cut = m.payload.subarray(0, 40 * 1024);
    for (const url of [
      `/filter/api/subject/${fx.subjectId}/answerCard`,
      `/filter/api/subject/${fx.subjectId}/template/image`,
    ]) {
      const res = await fx.t.app.inject({
        method: 'POST',
        url,
        headers: { ...XHR, cookie: fx.admin.cookie, ...m.headers },
        payload: cut,
      });
      expect(res.statusCode, url).toBe(400);
      expect(body(res), url).toMatchObject({ code: 1, message: '上传中断，请重新上传' });
    }
  });
});
