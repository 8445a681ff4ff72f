import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSet, typicalCard } from '@yj/scan-sim';
import { FilesDriver } from './drivers';
import { loadZxingReader } from '@yj/omr/node';
import { checkPage } from './recognize';
import { closedPort, openAgent, SID, tempDir } from './testing';

// Local recognition with packages/omr on simulated scans: the problems the scanner operator should see
// before the sheets leave the scanner.

const card = typicalCard();
const SUBJECT = 7;
let dir: Awaited<ReturnType<typeof tempDir>>;
let h: Awaited<ReturnType<typeof openAgent>>;

/** White boxes over parts of a scan (template coordinates of the 200-dpi card, scaled to the image). */
async function cover(jpeg: Buffer, rects: { x: number; y: number; w: number; h: number }[]): Promise<Buffer> {
  const { width = 0 } = await sharp(jpeg).metadata();
  const k = width / 3308;
  return sharp(jpeg)
    .composite(
      rects.map((r) => ({
        input: {
          create: {
            width: Math.round(r.w * k),
            height: Math.round(r.h * k),
            channels: 3 as const,
            background: '#ffffff',
          },
        },
        left: Math.round(r.x * k),
        top: Math.round(r.y * k),
      })),
    )
    .jpeg()
    .toBuffer();
}

const TOP_CORNERS = [
  { x: 0, y: 0, w: 300, h: 260 },
  { x: 3008, y: 0, w: 300, h: 260 },
];

beforeAll(async () => {
  dir = await tempDir();
  h = await openAgent(dir.dir, {
    serverUrl: `http://127.0.0.1:${await closedPort()}`,
    driver: new FilesDriver([]),
    reader: await loadZxingReader(),
  });
  await h.agent.keepTemplate(SUBJECT, card);
  await h.agent.updateSettings({ subjectId: SUBJECT });
});
afterAll(async () => {
  await h.close();
  await dir.remove();
});

describe('local recognition', () => {
  it('reads a clean page, tolerates one covered anchor, and flags a page with two covered anchors', async () => {
    const reader = await loadZxingReader();
    const s = await generateSet(card, 0, { seed: 3, difficulty: 'clean' });
    const clean = await checkPage(s.jpeg, card, reader);
    expect(clean).toMatchObject({
      status: 'ok',
      anchor: null,
      kaohao: null,
      examNumber: s.truth.answers.examNumber,
    });
    // Three anchors still fit (affine): one covered corner is not a problem.
    expect((await checkPage(await cover(s.jpeg, [TOP_CORNERS[0]!]), card, reader)).anchor).toBeNull();
    const covered = await checkPage(await cover(s.jpeg, TOP_CORNERS), card, reader);
    expect(covered.status).toBe('exception');
    expect(covered.anchor).toMatch(/定位点/);
    const broken = await checkPage(Buffer.from('not an image'), card, reader);
    expect(broken.anchor).toMatch(/图像无法解码/);
  });

  it('lists anchor, exam-number and duplicate exam-number problems of the scanned batch', async () => {
    const sheets = await Promise.all(
      [0, 1, 2, 3].map((i) => generateSet(card, i, { seed: 3, difficulty: 'clean' })),
    );
    // The first student's sheet scanned again later (another scan of the same paper: other bytes, same number).
    const again = await Promise.all(
      [0, 1].map((i) => generateSet(card, i, { seed: 3, difficulty: 'typical' })),
    );
    const images = [
      { name: '1.jpg', bytes: sheets[0]!.jpeg },
      { name: '2.jpg', bytes: sheets[1]!.jpeg },
      { name: '3.jpg', bytes: await cover(sheets[2]!.jpeg, TOP_CORNERS) },
      { name: '4.jpg', bytes: sheets[3]!.jpeg },
      { name: '5.jpg', bytes: again[0]!.jpeg },
      { name: '6.jpg', bytes: again[1]!.jpeg },
      // The exam-number grid blanked out: no number can be read.
      { name: '7.jpg', bytes: await cover(sheets[2]!.jpeg, [{ x: 200, y: 380, w: 600, h: 620 }]) },
      { name: '8.jpg', bytes: sheets[3]!.jpeg.subarray(0, sheets[3]!.jpeg.length - 1) },
    ];
    const pages = await h.agent.ingest(images);
    expect(pages.map((p) => p.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const p of pages) await h.agent.recognise(p);

    const get = (url: string) => h.app.inject({ method: 'GET', url, headers: SID }).then((r) => r.json());
    const anchors = await get('/sm/getAnchorExceptionPapers');
    expect(anchors.code).toBe(0);
    // 3: two anchors covered; 8: a file cut short (the scanner died mid-write).
    expect(anchors.data.items.map((x: { name: string }) => x.name)).toEqual(['3.jpg', '8.jpg']);
    expect(anchors.data.items[0]).toMatchObject({
      seq: 3,
      batchId: 1,
      imageUrl: '/sm/page/3/image',
      uploaded: false,
    });
    expect(anchors.data.items[0].reason).toMatch(/定位点/);

    const kaohao = await get('/sm/getKaoHaoExceptionPapers');
    expect(kaohao.data.items.map((x: { name: string }) => x.name)).toEqual(['7.jpg']);

    const dup = await get('/sm/getDuplicationOfKaoHaoExceptionPapers');
    expect(dup.data.items.map((x: { name: string }) => x.name)).toEqual(['1.jpg', '5.jpg']);
    expect(dup.data.items[0].reason).toBe(`考号 ${sheets[0]!.truth.answers.examNumber} 重复（2 份）`);

    const img = await h.app.inject({ method: 'GET', url: '/sm/page/3/image', headers: SID });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.equals(images[2]!.bytes)).toBe(true);

    const info = (
      await h.app.inject({ method: 'POST', url: '/sm/xiaokao/getBatchInfo', headers: SID, payload: {} })
    ).json();
    expect(info.data.batches[0]).toMatchObject({
      batchId: 1,
      subjectId: SUBJECT,
      pages: 8,
      recognised: 8,
      uploaded: 0,
      anchorExceptions: 2,
      kaohaoExceptions: 1,
    });
  });
});
