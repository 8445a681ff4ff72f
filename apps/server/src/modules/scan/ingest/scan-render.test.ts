import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typicalCard } from '@yj/scan-sim';
import { body, testApp, type TestApp, type Client } from '../../../../test/app';
import { postScans } from '../../../../test/multipart';
import { buildSubjectScene } from '../../../../test/factories';
import { hugePngHeader, sharedContentPdf, zerosZip } from '../../../../test/hostile-files';

// Issue 28: one uploader never stalls another. A PDF drawn to render slowly is refused within its budget, a
// school's small upload is answered while another school's large PDF still renders, and zips and PNGs that would
// unpack to gigabytes are refused from what they declare (and, for a zip that lies, as it inflates).

let t: TestApp;
const school: Array<{ admin: Client; subjectId: number }> = [];

beforeAll(async () => {
  t = await testApp();
  for (const name of ['甲校上传', '乙校上传']) {
    const s = await buildSubjectScene(t.app, t.database.db, { name, course: '数学', fullScore: 150 });
    // typicalCard has two pages: uploads must hold a multiple of two
    const saved = body(
      await s.admin.post(`/filter/api/subject/${s.subjectId}/template`, { body: typicalCard() }),
    );
    expect(saved.code).toBe(0);
    school.push(s);
  }
}, 120_000);
let closed = false;
afterAll(() => (closed ? undefined : t?.close()));

const upload = (who: number, files: Array<{ name: string; data: Buffer }>) =>
  postScans(t.app, school[who]!.admin.cookie, school[who]!.subjectId, files).then((r) => body(r));

/** The bytes the process holds more after `work` than before it, at the most (sampled). */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ out: T; mb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const out = await work();
    return { out, mb: (Math.max(peak, process.memoryUsage().rss) - before) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

describe('a PDF drawn to render slowly', () => {
  it('is refused in Chinese within its budget instead of rendering for minutes', async () => {
    // 200 A3 pages sharing one content stream of a thousand full-page fills: 27 KB, ~30 s a page at 200 dpi
    const file = sharedContentPdf(200, '0 0 842 1191 re f\n'.repeat(1000));
    expect(file.length).toBeLessThan(40 * 1024);
    expect(await upload(0, [{ name: '矢量.pdf', data: file }])).toMatchObject({
      code: 1,
      message: '文件“矢量.pdf”的页面内容过于复杂，转换超出时限，请导出为图片或扫描后再上传',
    });
  }, 120_000);
});

describe('images that would decode to gigabytes', () => {
  it('refuses a 30,000² PNG from its header, in Chinese', async () => {
    expect(await upload(0, [{ name: '大.png', data: hugePngHeader(30_000, 30_000) }])).toMatchObject({
      code: 1,
      message: '文件“大.png”页面尺寸过大（第 1 页），请检查文件',
    });
  });
});

describe('zips that unpack to gigabytes', () => {
  it('refuses six 199 MB entries from their declared sizes, before inflating any', async () => {
    const zip = await zerosZip(
      Array.from({ length: 6 }, (_, i) => ({ name: `${i + 1}.jpg`, bytes: 199 * 1024 * 1024 })),
    );
    const { out, mb } = await peakGrowth(() => upload(0, [{ name: '六个.zip', data: zip }]));
    expect(out).toMatchObject({ code: 1, message: '压缩包“六个.zip”解压后过大' });
    expect(mb).toBeLessThan(100);
  }, 120_000);

  it('stops an entry that lies about its size where the lie shows', async () => {
    const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
    const zip = await zerosZip([{ name: '1.jpg', bytes: 150 * 1024 * 1024, head: jpegHead, declared: 1000 }]);
    const { out, mb } = await peakGrowth(() => upload(0, [{ name: '撒谎.zip', data: zip }]));
    expect(out).toMatchObject({ code: 1, message: '压缩包“撒谎.zip”解压后过大' });
    expect(mb).toBeLessThan(100);
  }, 120_000);

  it('refuses an entry that is no image at its first bytes', async () => {
    const zip = await zerosZip([
      { name: '1.jpg', bytes: 150 * 1024 * 1024 },
      { name: '2.jpg', bytes: 150 * 1024 * 1024 },
    ]);
    const { out, mb } = await peakGrowth(() => upload(0, [{ name: '零.zip', data: zip }]));
    expect(out).toMatchObject({ code: 1, message: expect.stringContaining('文件“1.jpg”不是支持的格式') });
    expect(mb).toBeLessThan(100);
  }, 120_000);
});

describe('two schools uploading at once, then the server stopping', () => {
  it("answers a school's JPEG and small PDF while another school's large PDF renders; stopping ends the render", async () => {
    let rendering = true;
    // 1,999 small blank pages in four files: each page far within its budget on any machine, many seconds in all
    // (and never whole two-page sheets: had it ended first, nothing would be stored)
    const files = [500, 500, 500, 499].map((n, i) => ({
      name: `整包${i + 1}.pdf`,
      data: sharedContentPdf(n, '', 200, 200),
    }));
    const big = upload(0, files).finally(() => (rendering = false));
    const jpeg = await sharp({ create: { width: 1653, height: 2339, channels: 3, background: '#fff' } })
      .greyscale()
      .jpeg()
      .toBuffer();
    const small = await upload(1, [
      { name: '1.jpg', data: jpeg },
      { name: '2.jpg', data: jpeg },
    ]);
    expect(small.code, small.message).toBe(0);
    expect(rendering).toBe(true);
    // a PDF of the other school takes its turns between the large file's pages, not after all of them
    const pdf = await upload(1, [{ name: '两页.pdf', data: sharedContentPdf(2, '', 200, 200) }]);
    expect(pdf.code, pdf.message).toBe(0);
    expect(rendering).toBe(true);
    // the server stopping (SIGTERM closes the app) does not wait for the render: it ends it
    const closing = t.close();
    expect(await big).toMatchObject({ code: 1, message: '服务正在停止，请稍后重新上传' });
    await closing;
    closed = true;
  }, 300_000);
});
