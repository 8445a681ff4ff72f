import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, printedPicture, randomAnswers, simulateSheet, typicalCard } from '@yj/scan-sim';
import type { CardTemplate } from '@yj/contracts';
import { FilesDriver } from './drivers';
import { loadZxingReader } from '@yj/omr/node';
import type { BarcodeReader } from '@yj/omr';
import { checkPage } from './recognize';
import { closedPort, openAgent, tempDir } from './testing';

// The printed blank (template picture) goes into the scanner's own check as into the platform's: a sheet with
// bold letters printed in its bubbles reads cleanly at the scanner too, online and later offline.

const SUBJECT = 9;
const KEY = 'ab'.repeat(32);
const PRINT = { letterBold: true, letterGrey: 0x30 };
const base = typicalCard();
// page 1 carries the rarely used labels whose letters only the printed blank shows
const card: CardTemplate = {
  ...base,
  pages: base.pages.map((p) => (p.index === 1 ? { ...p, image: KEY } : p)),
};
let reader: BarcodeReader;
let picture: Buffer;
let asked: string[] = [];
/** the platform fails to give the picture (a blip while the template itself comes through) */
let pictureDown = false;
let server: http.Server;
let url = '';

beforeAll(async () => {
  reader = await loadZxingReader();
  const page = card.pages[1]!;
  picture = await printedPicture(page, card.id, card.name, page.dpi, PRINT);
  server = http.createServer((req, res) => {
    asked.push(`${req.url} ${String(req.headers.yx_sid)}`);
    if (req.url?.endsWith(`/templates`)) {
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ code: 0, data: [{ id: 1, name: '主模板', body: card }] }));
    }
    if (req.url === `/filter/api/subject/${SUBJECT}/template/image/${KEY}` && pictureDown) {
      res.statusCode = 503;
      return res.end();
    }
    if (req.url === `/filter/api/subject/${SUBJECT}/template/image/${KEY}`) {
      res.setHeader('content-type', 'image/jpeg');
      return res.end(picture);
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Sheets of page 1 with bold letters in the bubbles; seeds 8 and 9 raise an exception when read without the blank. */
async function letteredSheets(seeds: number[]) {
  return Promise.all(
    seeds.map(async (seed) => {
      const answers = randomAnswers(card.pages[1]!, createRng(seed), 'typical', '20261234');
      return (
        await simulateSheet(card, 1, answers, { seed: 100 + seed, difficulty: 'typical', print: PRINT })
      ).jpeg;
    }),
  );
}

describe('printed blanks at the scanner', () => {
  it('are fetched with the template, kept in the data dir, and used again offline', async () => {
    const sheets = await letteredSheets([7, 8]);
    const dir = await tempDir();
    try {
      const online = await openAgent(dir.dir, {
        serverUrl: url,
        driver: new FilesDriver([]),
        reader,
        session: 'sid-1',
      });
      await online.agent.updateSettings({ subjectId: SUBJECT });
      const pages = await online.agent.ingest(sheets.map((bytes, i) => ({ name: `${i}.jpg`, bytes })));
      expect(pages).toHaveLength(2);
      for (const p of pages) expect((await online.agent.recognise(p))?.exceptions).toEqual([]);
      expect(asked).toContain(`/filter/api/subject/${SUBJECT}/template/image/${KEY} sid-1`);
      await online.close();
      expect(await readdir(`${dir.dir}/templates`)).toContain(`${SUBJECT}-${KEY}.jpg`);

      // the platform out of reach: the kept template and picture still serve
      asked = [];
      const offline = await openAgent(dir.dir, {
        serverUrl: `http://127.0.0.1:${await closedPort()}`,
        driver: new FilesDriver([]),
        reader,
      });
      const later = await offline.agent.ingest(
        (await letteredSheets([9])).map((bytes) => ({ name: 'later.jpg', bytes })),
      );
      expect(later).toHaveLength(1);
      const check = await offline.agent.recognise(later[0]!);
      expect(check?.status).toBe('ok');
      expect(check?.exceptions).toEqual([]);
      expect(asked).toEqual([]);
      await offline.close();
    } finally {
      await dir.remove();
    }
  });

  it('a picture the platform could not give is asked for again in a later round; a good one only once', async () => {
    const pictureAsks = () => asked.filter((a) => a.includes('/template/image/')).length;
    const dir = await tempDir();
    const driver = new FilesDriver([]);
    const h = await openAgent(dir.dir, { serverUrl: url, driver, reader, session: 'sid-2' });
    try {
      await h.agent.updateSettings({ subjectId: SUBJECT });
      asked = [];
      pictureDown = true;
      // the first round: the picture fails, the sheets are read without it, and it is asked for once only
      const first = await h.agent.ingest(
        (await letteredSheets([8, 9])).map((bytes, i) => ({ name: `a${i}.jpg`, bytes })),
      );
      const checks = [];
      for (const p of first) checks.push(await h.agent.recognise(p));
      expect(checks.some((c) => (c?.exceptions.length ?? 0) > 0)).toBe(true);
      expect(pictureAsks()).toBe(1);

      // a later round, the platform answering again: asked once more, kept, and used
      pictureDown = false;
      await h.agent.tick();
      const [later] = await h.agent.ingest(
        (await letteredSheets([7])).map((bytes) => ({ name: 'b.jpg', bytes })),
      );
      expect((await h.agent.recognise(later!))?.exceptions).toEqual([]);
      expect(pictureAsks()).toBe(2);
      expect(await readdir(`${dir.dir}/templates`)).toContain(`${SUBJECT}-${KEY}.jpg`);

      // had once, never fetched again, however many rounds and pages follow
      await h.agent.tick();
      await h.agent.tick();
      const again = await h.agent.ingest(
        (await letteredSheets([8, 9])).map((bytes, i) => ({ name: `c${i}.jpg`, bytes })),
      );
      for (const p of again) expect((await h.agent.recognise(p))?.exceptions).toEqual([]);
      expect(pictureAsks()).toBe(2);
    } finally {
      pictureDown = false;
      await h.close();
      await dir.remove();
    }
  });

  it('without the blank the same sheets raise exceptions (what the blank saves the operator)', async () => {
    const sheets = await letteredSheets([7, 8, 9]);
    const without = await Promise.all(sheets.map((s) => checkPage(s, card, reader)));
    expect(without.some((c) => c.exceptions.length > 0)).toBe(true);
  });
});
