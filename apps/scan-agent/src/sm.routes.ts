import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { CardTemplateSchema, isEmptyTemplate, templateMeta, type AgentExceptionPaper } from '@yj/contracts';
import type { ScanAgent } from './agent';
import { CLIENT_VERSION, okEnvelope, ScanCode, ScanError, SCAN_MESSAGES } from './codes';
import { anchorExceptions, batchInfo, duplicateKaohao, kaohaoExceptions } from './report';
import { NetworkError } from './server-api';
import { ScannerSettingsPatch } from './settings';

/** Parses a body or query with zod; a failure is scan code 2 naming the field. */
function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const first = r.error.issues[0];
  const where = first?.path.join('.') || 'body';
  throw new ScanError(ScanCode.invalidParam, `${SCAN_MESSAGES[2]}：${where} ${first?.message ?? ''}`.trim());
}

const idParam = z.coerce.number().int().positive();
const subjectQuery = z.object({ subjectId: idParam.optional() });
const batchQuery = z.object({ subjectId: idParam.optional(), batchId: idParam.optional() });
const versionQuery = z.object({ version: z.coerce.number().int().min(0).optional() });
const templateUpload = templateMeta.partial().extend({
  subjectId: idParam.optional(),
  id: z.number().int().positive().optional(),
  /** the card template, as an object or as its JSON text */
  template: z.union([z.string(), z.record(z.string(), z.unknown())]),
});

/** The spec's /sm/* calls (§7), plus the page image and a scan start for SANE. */
export function smRoutes(app: FastifyInstance, agent: ScanAgent): void {
  const subjectOf = (q: { subjectId?: number | undefined }): number => {
    const id = q.subjectId ?? agent.settings.subjectId;
    if (!id) throw new ScanError(ScanCode.invalidParam, '请先选择扫描的科目');
    return id;
  };

  // Spec §5: reading exception papers answers an error unless the count is above 0.
  const list = (items: AgentExceptionPaper[], none: string) => {
    if (items.length === 0) throw new ScanError(ScanCode.fail, none, { count: 0, items: [] });
    return okEnvelope({ count: items.length, items });
  };

  app.get('/sm/getScannerStatus', async () => {
    const scanner = await agent.deps.driver.status();
    const upload = agent.uploader.problem;
    const pages = agent.store.pages;
    const data = {
      status: agent.settings.scannerStatus,
      clientVersion: CLIENT_VERSION,
      driver: agent.deps.driver.kind,
      scanner,
      subjectId: agent.settings.subjectId,
      schoolId: agent.settings.schoolId,
      queue: {
        scanned: pages.length,
        recognised: pages.filter((p) => p.check).length,
        uploaded: pages.filter((p) => p.uploaded).length,
        pending: pages.filter((p) => !p.uploaded).length,
      },
      upload,
      scan: agent.scanProblem,
    };
    if (scanner.code !== ScanCode.ok) return { code: scanner.code, message: scanner.message, data };
    if (upload?.code === ScanCode.network) return { code: upload.code, message: upload.message, data };
    return okEnvelope(data);
  });

  app.get('/sm/getScannerConfig', async () =>
    okEnvelope({
      ...agent.settings,
      driver: agent.deps.driver.kind,
      device: (await agent.deps.driver.status()).device,
      serverUrl: agent.deps.api.baseUrl,
      clientVersion: CLIENT_VERSION,
    }),
  );

  app.post('/sm/setScannerConfig', async (req) =>
    okEnvelope(await agent.updateSettings(parse(ScannerSettingsPatch, req.body))),
  );

  app.post('/sm/xiaokao/getBatchInfo', async (req) => {
    const q = parse(batchQuery, { ...(req.query as object), ...(req.body as object | null) });
    const subjectId = q.subjectId ?? agent.settings.subjectId;
    const batches = batchInfo(agent, subjectId ?? null, q.batchId ?? null);
    if (q.batchId && batches.length === 0)
      throw new ScanError(ScanCode.invalidParam, `批次 ${q.batchId} 不存在`);
    const lack = batches.find((b) => b.lackPage);
    const data = { subjectId, current: batches.find((b) => b.current)?.batchId ?? null, batches };
    if (lack) return { code: ScanCode.lackPage, message: `第${lack.batchId}批次${SCAN_MESSAGES[42]}`, data };
    return okEnvelope(data);
  });

  app.post('/sm/AcardTemplateScan', async (req) => {
    const body = parse(z.object({ subjectId: idParam.optional() }), req.body);
    const colour = agent.settings.colorType === 'color';
    const img = await agent.deps.driver.scanOne({ dpi: agent.settings.dpi, colour });
    if (!img) throw new ScanError(ScanCode.noTemplateImage);
    const meta = await sharp(img.bytes)
      .metadata()
      .catch(() => {
        throw new ScanError(ScanCode.scanFailed);
      });
    const dir = path.join(agent.deps.dataDir, 'template-scans');
    await mkdir(dir, { recursive: true });
    const file = `${body.subjectId ?? 'card'}-${Date.now()}-${img.name}`;
    await writeFile(path.join(dir, file), img.bytes);
    const type = meta.format === 'png' ? 'image/png' : meta.format === 'tiff' ? 'image/tiff' : 'image/jpeg';
    return okEnvelope({
      name: img.name,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      dpi: meta.density ?? agent.settings.dpi,
      image: `data:${type};base64,${img.bytes.toString('base64')}`,
    });
  });

  app.post('/sm/uploadTemplateToKs', async (req) => {
    const body = parse(templateUpload, req.body);
    const subjectId = subjectOf(body);
    const text = typeof body.template === 'string' ? body.template : JSON.stringify(body.template);
    if (isEmptyTemplate(text)) throw new ScanError(ScanCode.templateIncomplete);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ScanError(ScanCode.templateIncomplete, `${SCAN_MESSAGES[30]}：不是合法的 JSON`);
    }
    const card = CardTemplateSchema.safeParse(raw);
    if (!card.success)
      throw new ScanError(
        ScanCode.templateIncomplete,
        `${SCAN_MESSAGES[30]}：${card.error.issues[0]?.path.join('.') ?? ''}`,
      );
    const { template: _t, subjectId: _s, ...meta } = body;
    try {
      const saved = await agent.deps.api.saveTemplate(agent.session!, subjectId, card.data, meta);
      await agent.keepTemplate(subjectId, saved.body);
      return okEnvelope({ subjectId, templateId: saved.id, pages: saved.pages, local: true });
    } catch (e) {
      if (!(e instanceof NetworkError)) throw e;
      // Offline: scanning can go on with local checks; the web uploads the template again once online.
      await agent.keepTemplate(subjectId, card.data);
      throw new ScanError(ScanCode.network, `模板已保存在本机，但未能上传到平台：${e.message}`, {
        subjectId,
        templateId: null,
        pages: card.data.pages.length,
        local: true,
      });
    }
  });

  // The web's required version, and the platform's current one (api/scan/version, asked with the session the
  // call brought): older than either, the client says so (83). An unreachable platform is no reason to stop.
  app.get('/sm/checkVersion', async (req) => {
    const q = parse(versionQuery, req.query);
    const data = { version: CLIENT_VERSION, required: q.version ?? CLIENT_VERSION };
    if (q.version !== undefined && q.version > CLIENT_VERSION)
      return { code: ScanCode.update, message: SCAN_MESSAGES[83], data };
    const current = agent.session
      ? await agent.deps.api.currentVersion(agent.session).catch(() => null)
      : null;
    if (current && current.version > CLIENT_VERSION)
      return {
        code: ScanCode.update,
        message: `扫描客户端有新版本（${current.version}），请在平台“工具下载”页下载新版本，解压后重启扫描客户端`,
        data: { ...data, latest: current.version },
      };
    return okEnvelope(current ? { ...data, latest: current.version } : data);
  });

  app.get('/sm/getAnchorExceptionPapers', async (req) =>
    list(anchorExceptions(agent, subjectOf(parse(subjectQuery, req.query))), '没有定位异常的试卷'),
  );
  app.get('/sm/getKaoHaoExceptionPapers', async (req) =>
    list(kaohaoExceptions(agent, subjectOf(parse(subjectQuery, req.query))), '没有考号异常的试卷'),
  );
  app.get('/sm/getDuplicationOfKaoHaoExceptionPapers', async (req) =>
    list(await duplicateKaohao(agent, subjectOf(parse(subjectQuery, req.query))), '没有考号重复的试卷'),
  );

  // Not in the spec's list: the image of a listed page, and starting a SANE scanner's feeder.
  app.get('/sm/page/:seq/image', async (req, reply) => {
    const seq = parse(z.object({ seq: idParam }), req.params).seq;
    const p = agent.store.page(seq);
    if (!p) throw new ScanError(ScanCode.invalidParam, `页面 ${seq} 不存在`);
    const ext = p.file.split('.').at(-1);
    const type = ext === 'png' ? 'image/png' : ext === 'tif' ? 'image/tiff' : 'image/jpeg';
    return reply.type(type).send(await agent.files.get(p.file));
  });

  app.post('/sm/startScan', async () => {
    if (!agent.settings.subjectId) throw new ScanError(ScanCode.invalidParam, '请先选择扫描的科目');
    const scanner = await agent.deps.driver.status();
    if (!scanner.available || scanner.code !== ScanCode.ok)
      throw new ScanError(scanner.code, scanner.message);
    await agent.deps.driver.start({
      dpi: agent.settings.dpi,
      colour: agent.settings.colorType === 'color',
      duplex: agent.settings.duplex,
      doubleFeed: agent.settings.doubleFeed,
    });
    return okEnvelope({ driver: agent.deps.driver.kind });
  });
}
