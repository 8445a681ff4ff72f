import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanExceptionProgress } from '@yj/contracts';
import { generateSet, typicalCard, type GeneratedSheet } from '@yj/scan-sim';
import { body, signIn, testApp, type TestApp } from '../../server/test/app';
import { buildSchoolAdmin, buildSubjectScene, PASSWORD } from '../../server/test/factories';
import { ServerApi } from './server-api';
import { cuttableLink, openAgent, SID, tempDir } from './testing';

// Uploads against the real platform server (in-process, on its own test database, listening on a port),
// through a link that can be cut like the scanning PC's network.

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildSubjectScene>>['admin'];
let subjectId: number;
let schoolId: number;
let link: Awaited<ReturnType<typeof cuttableLink>>;
let sheets: GeneratedSheet[];
const card = typicalCard();

beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  ({ admin, subjectId, schoolId } = await buildSubjectScene(t.app, t.database.db, {
    name: '期中考试',
    course: '数学',
    fullScore: 150,
  }));
  expect(body(await admin.post(`/filter/api/subject/${subjectId}/template`, { body: card })).code).toBe(0);
  link = await cuttableLink((t.app.server.address() as AddressInfo).port);
  sheets = await Promise.all(
    [...Array(12).keys()].map((i) => generateSet(card, i, { seed: 21, difficulty: 'clean' })),
  );
});
afterAll(async () => {
  await link?.close();
  await t?.close();
});

/** The subject's recognition progress on the server: its pages and batches. */
async function serverProgress(): Promise<ScanExceptionProgress> {
  const p = body<ScanExceptionProgress>(
    await admin.get(`/filter/api/subject/${subjectId}/scanExceptionProgress`),
  );
  expect(p.code).toBe(0);
  return p.data;
}

/** Pages the server holds for the subject. */
async function serverPages(): Promise<number> {
  return (await serverProgress()).total.pages;
}

/** The server's batch of this id. */
async function serverBatch(id: number | null) {
  return (await serverProgress()).batches.find((b) => b.batchId === id);
}

async function scanInto(inbox: string, names: string[], from: number): Promise<void> {
  await mkdir(inbox, { recursive: true });
  for (const [i, name] of names.entries()) await writeFile(path.join(inbox, name), sheets[from + i]!.jpeg);
}

describe('upload queue against the real server', () => {
  it('uploads in order, holds the pages through a network cut with code 80, and sends them once the link is back', async () => {
    const dir = await tempDir();
    const h = await openAgent(dir.dir, { serverUrl: `http://127.0.0.1:${link.port}`, session: admin.token });
    const status = () =>
      h.app
        .inject({ method: 'GET', url: '/sm/getScannerStatus', headers: { yx_sid: admin.token } })
        .then((r) => r.json());
    try {
      await h.agent.updateSettings({ subjectId, pagesPerUpload: 2 });
      const inbox = path.join(dir.dir, 'inbox');
      await scanInto(inbox, ['scan_1.jpg', 'scan_2.jpg'], 0);
      await h.agent.tick(); // first look at the folder
      await h.agent.tick(); // files held still: taken, checked, uploaded
      expect(h.agent.store.pages.map((p) => [p.name, p.uploaded])).toEqual([
        ['scan_1.jpg', true],
        ['scan_2.jpg', true],
      ]);
      expect(h.agent.store.pages.every((p) => p.check?.status === 'ok')).toBe(true);
      expect(await serverPages()).toBe(2);

      link.cut(true);
      await scanInto(inbox, ['scan_3.jpg', 'scan_4.jpg'], 2);
      await h.agent.tick();
      await h.agent.tick();
      expect(h.agent.store.pending().map((p) => p.name)).toEqual(['scan_3.jpg', 'scan_4.jpg']);
      expect(h.agent.uploader.problem).toMatchObject({ code: 80, message: '网络断开，请检查网络连接' });
      const down = await status();
      expect(down).toMatchObject({
        code: 80,
        message: '网络断开，请检查网络连接',
        data: { queue: { scanned: 4, uploaded: 2, pending: 2 } },
      });
      expect(await serverPages()).toBe(2);

      link.cut(false);
      await h.agent.tick();
      expect(h.agent.store.pending()).toEqual([]);
      expect(h.agent.uploader.problem).toBeNull();
      expect((await status()).code).toBe(0);
      expect(await serverPages()).toBe(4);
      // Two requests, each a whole paper, in scan order, into one server batch the agent's pages continue.
      const batches = h.agent.store.pages.map((p) => p.serverBatchId);
      expect(new Set(batches)).toEqual(new Set([batches[0]]));
      expect(await serverBatch(batches[0]!)).toMatchObject({ source: 'agent', pages: 4, duplicates: 0 });
    } finally {
      await h.close();
      await dir.remove();
    }
  });

  it('resumes after a restart without uploading a page twice, even when the server had the request before the crash', async () => {
    const dir = await tempDir();
    const serverUrl = `http://127.0.0.1:${link.port}`;
    const inbox = path.join(dir.dir, 'inbox');
    const before = await serverPages();

    let h = await openAgent(dir.dir, { serverUrl, session: admin.token });
    await h.agent.updateSettings({ subjectId });
    await scanInto(inbox, ['a1.jpg', 'a2.jpg'], 4);
    link.cut(true);
    await h.agent.tick();
    await h.agent.tick();
    expect(h.agent.store.pending()).toHaveLength(2);
    // The request reached the server, then the agent died before writing down the answer,
    // in the middle of a journal line.
    const pages = await Promise.all(
      h.agent.store.pages.map(async (p) => ({
        name: p.name,
        sha256: p.sha256,
        bytes: await h.agent.files.get(p.file),
      })),
    );
    link.cut(false);
    const sent = await new ServerApi(serverUrl).upload(admin.token, subjectId, null, pages);
    expect(sent).toMatchObject({ accepted: 2, duplicates: 0 });
    await h.close();
    await appendFile(path.join(dir.dir, 'journal.jsonl'), '{"t":"uploaded","seqs":[1,');
    expect(await serverPages()).toBe(before + 2);

    // Restart: the journal says both pages are still to send; the folder still holds the files.
    h = await openAgent(dir.dir, { serverUrl });
    const res = await h.app.inject({
      method: 'GET',
      url: '/sm/getScannerStatus',
      headers: { yx_sid: admin.token },
    });
    expect(res.json().data.queue).toMatchObject({ scanned: 2, pending: 2 });
    await h.agent.tick();
    await h.agent.tick();
    expect(h.agent.store.pages).toHaveLength(2); // the files in the folder were not taken again
    expect(h.agent.store.pending()).toEqual([]);
    expect(await serverPages()).toBe(before + 2); // the server stored the re-sent pages once
    const journal = (await readFile(path.join(dir.dir, 'journal.jsonl'), 'utf8')).trim().split('\n');
    expect(JSON.parse(journal.at(-1)!)).toMatchObject({
      t: 'uploaded',
      seqs: [1, 2],
      accepted: 0,
      duplicates: 2,
    });
    await h.close();

    // Another restart: nothing left to send, nothing sent.
    h = await openAgent(dir.dir, { serverUrl });
    await h.agent.tick();
    await h.agent.tick();
    expect(h.agent.store.pages.map((p) => p.uploaded)).toEqual([true, true]);
    expect(await serverPages()).toBe(before + 2);
    const info = (
      await h.app.inject({ method: 'POST', url: '/sm/xiaokao/getBatchInfo', headers: SID, payload: {} })
    ).json();
    expect(info.data.batches).toMatchObject([{ pages: 2, uploaded: 2, pending: 0 }]);
    await h.close();
    await dir.remove();
  });

  it('continues the server batch of a run after a restart, and starts a new one when the server refuses it', async () => {
    const dir = await tempDir();
    const serverUrl = `http://127.0.0.1:${link.port}`;
    const inbox = path.join(dir.dir, 'inbox');
    const batchesBefore = (await serverProgress()).batches.length;

    let h = await openAgent(dir.dir, { serverUrl, session: admin.token });
    await h.agent.updateSettings({ subjectId, pagesPerUpload: 2 });
    await scanInto(inbox, ['r1.jpg', 'r2.jpg'], 6);
    await h.agent.tick();
    await h.agent.tick();
    expect(h.agent.store.pending()).toEqual([]);
    const run = h.agent.store.pages[0]!.serverBatchId;
    await h.close();

    // Restart mid-run: the journal knows the run's server batch; the next pages go on in it.
    h = await openAgent(dir.dir, { serverUrl, session: admin.token });
    await scanInto(inbox, ['r3.jpg', 'r4.jpg'], 8);
    await h.agent.tick();
    await h.agent.tick();
    expect(h.agent.store.pending()).toEqual([]);
    expect(h.agent.store.pages.map((p) => p.serverBatchId)).toEqual([run, run, run, run]);
    expect(await serverBatch(run)).toMatchObject({ source: 'agent', pages: 4 });
    expect((await serverProgress()).batches).toHaveLength(batchesBefore + 1);

    // Another user signs in on the scanning PC: the server will not let them add to the first user's
    // batch, so the pages start a new server batch instead of waiting in the queue.
    const other = await signIn(t.app, (await buildSchoolAdmin(t.database.db, schoolId)).account, PASSWORD);
    await h.agent.useSession(other.token);
    await scanInto(inbox, ['r5.jpg', 'r6.jpg'], 10);
    await h.agent.tick();
    await h.agent.tick();
    expect(h.agent.uploader.problem).toBeNull();
    expect(h.agent.store.pending()).toEqual([]);
    const next = h.agent.store.pages[4]!.serverBatchId;
    expect(next).not.toBe(run);
    expect(h.agent.store.pages[5]!.serverBatchId).toBe(next);
    expect(await serverBatch(next)).toMatchObject({ source: 'agent', pages: 2 });
    expect(await serverBatch(run)).toMatchObject({ pages: 4 });
    await h.close();
    await dir.remove();
  });
});
