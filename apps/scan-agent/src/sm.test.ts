import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { typicalCard } from '@yj/scan-sim';
import type { ScanAgent } from './agent';
import { closedPort, openAgent, ORIGIN, SID, tempDir } from './testing';

let dir: Awaited<ReturnType<typeof tempDir>>;
let h: Awaited<ReturnType<typeof openAgent>>;
let agent: ScanAgent;
const get = (url: string, headers: Record<string, string> = SID) =>
  h.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object = {}, headers: Record<string, string> = SID) =>
  h.app.inject({ method: 'POST', url, headers, payload });

beforeEach(async () => {
  dir = await tempDir();
  // The platform is unreachable in these tests: nothing listens on its port.
  h = await openAgent(dir.dir, { serverUrl: `http://127.0.0.1:${await closedPort()}` });
  agent = h.agent;
});
afterEach(async () => {
  await h.close();
  await dir.remove();
});

describe('/sm calls', () => {
  it('refuses a call without the yx_sid session header and keeps the session a call brings', async () => {
    const res = await get('/sm/getScannerStatus', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 1000, data: null });
    expect(res.json().message).toContain('yx_sid');
    await get('/sm/getScannerStatus');
    expect(agent.session).toBe('test-session');
  });

  it('answers CORS for the product origin only', async () => {
    const pre = await h.app.inject({
      method: 'OPTIONS',
      url: '/sm/getScannerStatus',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-private-network': 'true',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(pre.headers['access-control-allow-headers']).toContain('yx_sid');
    expect(pre.headers['access-control-allow-private-network']).toBe('true');
    const ok = await get('/sm/getScannerConfig', { ...SID, origin: ORIGIN });
    expect(ok.headers['access-control-allow-origin']).toBe(ORIGIN);

    const evil = 'http://evil.example';
    const refused = await get('/sm/getScannerConfig', { ...SID, origin: evil });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.json().message).toContain('不允许的来源');
    const refusedPre = await h.app.inject({
      method: 'OPTIONS',
      url: '/sm/setScannerConfig',
      headers: { origin: evil },
    });
    expect(refusedPre.statusCode).toBe(403);
    expect(refusedPre.headers['access-control-allow-origin']).toBeUndefined();
    // A page that rebinds its own host name to 127.0.0.1 is refused too.
    expect((await get('/sm/getScannerConfig', { ...SID, host: 'evil.example:18738' })).statusCode).toBe(403);
  });

  it('getScannerStatus: status 6, client version 110, the folder scanner ready, the queue empty', async () => {
    const b = (await get('/sm/getScannerStatus')).json();
    expect(b).toMatchObject({
      code: 0,
      message: '成功',
      data: {
        status: 6,
        clientVersion: 110,
        driver: 'folder',
        scanner: { available: true, code: 0 },
        queue: { scanned: 0, pending: 0 },
      },
    });
  });

  it('getScannerConfig / setScannerConfig: spec defaults, kept across a restart, bad values answered with code 2', async () => {
    expect((await get('/sm/getScannerConfig')).json().data).toMatchObject({
      dpi: 200,
      scannerStatus: 6,
      colorType: 'gray',
      subjectId: null,
    });
    const set = (
      await post('/sm/setScannerConfig', { subjectId: '12', schoolId: 3, dpi: 300, colorType: 'color' })
    ).json();
    expect(set).toMatchObject({
      code: 0,
      data: { subjectId: 12, schoolId: 3, dpi: 300, colorType: 'color' },
    });
    const bad = (await post('/sm/setScannerConfig', { dpi: 'high' })).json();
    expect(bad.code).toBe(2);
    expect(bad.message).toMatch(/^参数错误：dpi/);
    expect((await post('/sm/setScannerConfig', { colorType: 'rainbow' })).json().code).toBe(2);

    await h.close();
    h = await openAgent(dir.dir, { serverUrl: 'http://127.0.0.1:1' });
    expect((await get('/sm/getScannerConfig')).json().data).toMatchObject({
      subjectId: 12,
      dpi: 300,
      colorType: 'color',
    });
  });

  it('checkVersion: 0 for the web of this version, 83 with the update message when the web needs a newer client', async () => {
    expect((await get('/sm/checkVersion?version=110')).json()).toMatchObject({
      code: 0,
      data: { version: 110 },
    });
    expect((await get('/sm/checkVersion')).json()).toMatchObject({ code: 0, data: { version: 110 } });
    expect((await get('/sm/checkVersion?version=111')).json()).toEqual({
      code: 83,
      message: '扫描客户端有新版本，请重启扫描客户端',
      data: { version: 110, required: 111 },
    });
    expect((await get('/sm/checkVersion?version=abc')).json().code).toBe(2);
  });

  it('checkVersion asks the platform (api/scan/version, with the session): a newer one there is an 83', async () => {
    let asked: string | undefined;
    let current = 111;
    const platform = createServer((req, res) => {
      asked = `${req.url} ${String(req.headers.yx_sid)}`;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 0, message: '成功', data: { version: current, download: '/filter/x' } }));
    });
    await new Promise<void>((r) => platform.listen(0, '127.0.0.1', r));
    const otherDir = await tempDir();
    const other = await openAgent(otherDir.dir, {
      serverUrl: `http://127.0.0.1:${(platform.address() as AddressInfo).port}`,
    });
    try {
      const check = () => other.app.inject({ method: 'GET', url: '/sm/checkVersion?version=110', headers: SID });
      expect((await check()).json()).toEqual({
        code: 83,
        message: '扫描客户端有新版本（111），请在平台“工具下载”页下载新版本，解压后重启扫描客户端',
        data: { version: 110, required: 110, latest: 111 },
      });
      expect(asked).toBe(`/filter/api/scan/version ${SID.yx_sid}`);
      current = 110;
      expect((await check()).json()).toMatchObject({ code: 0, data: { version: 110, latest: 110 } });
    } finally {
      await other.close();
      await otherDir.remove();
      await new Promise((r) => platform.close(r));
    }
  });

  it('exception lists need a subject, and answer an error while their count is 0 (spec §5)', async () => {
    for (const call of [
      'getAnchorExceptionPapers',
      'getKaoHaoExceptionPapers',
      'getDuplicationOfKaoHaoExceptionPapers',
    ])
      expect((await get(`/sm/${call}`)).json()).toMatchObject({ code: 2, message: '请先选择扫描的科目' });
    expect((await get('/sm/getAnchorExceptionPapers?subjectId=5')).json()).toEqual({
      code: 1,
      message: '没有定位异常的试卷',
      data: { count: 0, items: [] },
    });
    expect((await get('/sm/getKaoHaoExceptionPapers?subjectId=5')).json().message).toBe('没有考号异常的试卷');
    expect((await get('/sm/getDuplicationOfKaoHaoExceptionPapers?subjectId=5')).json().message).toBe(
      '没有考号重复的试卷',
    );
  });

  it('xiaokao/getBatchInfo lists local batches; an unknown batch is code 2', async () => {
    expect((await post('/sm/xiaokao/getBatchInfo', { subjectId: 5 })).json()).toMatchObject({
      code: 0,
      data: { batches: [], current: null },
    });
    expect((await post('/sm/xiaokao/getBatchInfo', { batchId: 9 })).json()).toMatchObject({
      code: 2,
      message: '批次 9 不存在',
    });
    expect((await post('/sm/xiaokao/getBatchInfo', { subjectId: 'x' })).json().code).toBe(2);
  });

  it('uploadTemplateToKs: an empty or broken template is code 30; offline it is kept locally and code 80 says so', async () => {
    expect((await post('/sm/uploadTemplateToKs', { subjectId: 5, template: '{}' })).json()).toMatchObject({
      code: 30,
      message: '模板数据不完整',
    });
    expect(
      (await post('/sm/uploadTemplateToKs', { subjectId: 5, template: { id: 'x', pages: [] } })).json().code,
    ).toBe(30);
    expect((await post('/sm/uploadTemplateToKs', { template: typicalCard() })).json().code).toBe(2);
    const res = (
      await post('/sm/uploadTemplateToKs', { subjectId: 5, template: JSON.stringify(typicalCard()) })
    ).json();
    expect(res.code).toBe(80);
    expect(res.message).toContain('模板已保存在本机');
    expect(res.message).toContain('网络断开');
    expect(res.data).toMatchObject({ subjectId: 5, pages: 2, local: true });
    expect((await agent.templateFor(5))?.id).toBe(typicalCard().id);
  });

  it('getScannerStatus reports code 80 while scanned pages wait on an unreachable server', async () => {
    await agent.useSession('test-session');
    await agent.updateSettings({ subjectId: 5 });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await agent.ingest([{ name: '1.png', bytes: png }]);
    await agent.tick();
    const b = (await get('/sm/getScannerStatus')).json();
    expect(b).toMatchObject({
      code: 80,
      message: '网络断开，请检查网络连接',
      data: { status: 6, queue: { scanned: 1, pending: 1 } },
    });
  });

  it('AcardTemplateScan: 91 with no image, else the scanned blank card as an image', async () => {
    expect((await post('/sm/AcardTemplateScan')).json()).toMatchObject({
      code: 91,
      message: '未扫描到模板图像',
    });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await writeFile(path.join(dir.dir, 'inbox', 'card.png'), png);
    const b = (await post('/sm/AcardTemplateScan', { subjectId: 5 })).json();
    expect(b).toMatchObject({ code: 0, data: { name: 'card.png', width: 40, height: 30 } });
    expect(b.data.image).toBe(`data:image/png;base64,${png.toString('base64')}`);
  });

  it('a call that does not exist, and a body that is not JSON, get the envelope', async () => {
    expect((await get('/sm/nope')).json()).toMatchObject({ code: 1, message: '接口不存在' });
    const res = await h.app.inject({
      method: 'POST',
      url: '/sm/setScannerConfig',
      headers: { ...SID, 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(res.json().code).toBe(2);
  });
});
