import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, intParam, scanContract as c, ScanSource, type ScanSourceValue } from '@yj/contracts';
import { fail } from '../../errors';
import { contractRoutes } from '../../plugins/contract';
import { abandonedSignal, actorOf, heavy, ok, saveUploads } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { ScanExceptionViewService } from './exceptions/scan-exception-view.service';
import type { ScanFinishService } from './finish/scan-finish.service';
import type { ScanFixService } from './exceptions/scan-fix.service';
import type { ScanQueryService } from './query/scan-query.service';
import type { ScanService } from './ingest/scan-ingest.service';

const id = idParam();
const subjectParams = z.object({ subjectId: id });
const pageParams = z.object({ pageId: id });
const cropParams = pageParams.extend({ crop: intParam(0) });

/** Limits of one upload request (a scanner's batch is sent in several requests). */
const UPLOAD = { files: 500, fileBytes: 200 * 1024 * 1024, totalBytes: 1024 * 1024 * 1024 };

const optionalInt = (v: string | undefined, what: string): number | undefined => {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw fail('valueInvalid', { what });
  return n;
};

/** Who may say they sent an answerCard upload: the browser (default) or the local scan agent. */
const ANSWER_CARD_SOURCES: readonly ScanSourceValue[] = [ScanSource.upload, ScanSource.agent];
const answerCardSource = (v: string | undefined): ScanSourceValue => {
  if (v === undefined || v === '') return ScanSource.upload;
  const source = ANSWER_CARD_SOURCES.find((x) => x === v);
  if (!source) throw fail('uploadOriginInvalid');
  return source;
};

/** uploadorigin's selected students, sent as "1,2,3". */
const idList = (v: string | undefined): number[] | undefined => {
  if (v === undefined || v === '') return undefined;
  const ids = v.split(',').map(Number);
  if (ids.some((x) => !Number.isInteger(x) || x <= 0)) throw fail('selectedExamineeInvalid');
  return ids;
};

/** Reads the files (in order, each streamed to disk) and the text fields of a multipart upload. */
function readScanUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw fail('scanFilesRequired');
  return saveUploads(req, {
    ...UPLOAD,
    fileTooBig: 'uploadFileTooLarge',
    totalTooBig: 'uploadTotalTooLarge',
  });
}

export function scanRoutes(
  app: FastifyInstance,
  d: {
    scan: ScanService;
    query: ScanQueryService;
    fix: ScanFixService;
    view: ScanExceptionViewService;
    finish: ScanFinishService;
    scopes: ExamScopes;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const scan = { capability: 'subject.scan' as const, scope: d.scopes.subjectParam };
  const read = { scope: d.scopes.subjectParam };
  const readExam = { scope: d.scopes.examParam };
  const readPage = {
    capability: 'scan.read' as const,
    scope: async (req: FastifyRequest) =>
      d.scopes.forSubject(await d.query.pageSubject(Number((req.params as { pageId: unknown }).pageId))),
  };

  // answerCard: the form's `source` says who sent it; uploadorigin is always origin
  const upload =
    (sourceOf: (field: string | undefined) => ScanSourceValue) =>
    async (req: FastifyRequest<{ Params: { subjectId: number } }>, reply: FastifyReply) => {
      const signal = abandonedSignal(reply);
      const { files, fields, cleanup } = await readScanUpload(req);
      try {
        const source = sourceOf(fields.source);
        const input = {
          subjectId: req.params.subjectId,
          schoolId: optionalInt(fields.schoolId, '学校'),
          students: optionalInt(fields.students, '所选学生数量'),
          examineeIds: idList(fields.examineeIds),
          batchId: optionalInt(fields.batchId, '批次') || undefined,
          // the phone capture page sends its photos with photo=1
          photo: optionalInt(fields.photo, '照片') === 1,
          source,
          files,
          signal,
        };
        const principal = await req.principal();
        // stored before acknowledged, as before: the answer comes once the pages are in storage and recorded
        return ok(await heavy(req, () => d.scan.upload(input, principal, actorOf(req)), signal));
      } finally {
        await cleanup();
      }
    };
  // subject/{subjectId}/answerCard: scanned answer cards; uploadorigin: original images named by number (spec §5)
  r.post(
    '/api/subject/:subjectId/answerCard',
    { schema: { params: subjectParams }, config: scan },
    upload(answerCardSource),
  );
  r.post(
    '/api/subject/:subjectId/uploadorigin',
    { schema: { params: subjectParams }, config: scan },
    upload(() => ScanSource.origin),
  );

  on(
    c.progress,
    async ({ params, query }, req) =>
      d.query.subjectProgress(params.subjectId, await req.principal(), query.schoolId),
    read,
  );
  on(
    c.examProgress,
    async ({ params, query }, req) =>
      d.query.examProgress(params.examId, await req.principal(), query.schoolId),
    readExam,
  );
  on(
    c.schoolProgress,
    async ({ params, query }, req) =>
      d.query.schoolProgress(params.examId, await req.principal(), query.subjectId),
    readExam,
  );
  on(
    c.counts,
    async ({ params, query }, req) =>
      d.query.exceptionCounts(params.subjectId, await req.principal(), query.schoolId),
    read,
  );
  on(
    c.exceptions,
    async ({ params, query }, req) => d.query.exceptions(params.subjectId, await req.principal(), query),
    read,
  );
  on(
    c.missed,
    async ({ params, query }, req) => d.query.missed(params.subjectId, await req.principal(), query),
    read,
  );
  on(
    c.papers,
    async ({ params, query }, req) => d.query.papers(params.subjectId, await req.principal(), query),
    read,
  );
  r.get(
    '/api/scan/page/:pageId/image',
    { schema: { params: pageParams }, config: readPage },
    async (req, reply) => {
      const img = await d.query.image(req.params.pageId, await req.principal());
      return reply.header('cache-control', 'private, max-age=3600').type(img.type).send(img.body);
    },
  );
  r.get(
    '/api/scan/page/:pageId/crop/:crop',
    { schema: { params: cropParams }, config: readPage },
    async (req, reply) => {
      const img = await d.query.image(req.params.pageId, await req.principal(), req.params.crop);
      return reply.header('cache-control', 'private, max-age=3600').type(img.type).send(img.body);
    },
  );

  // ---- exception fixes: one transaction each, audited with before/after ----
  /** who writes: the principal for the school checks, the actor for the audit */
  const who = async (req: FastifyRequest) => [await req.principal(), actorOf(req)] as const;
  const w = { scope: d.scopes.subjectParam };
  on(c.assign, async ({ params, body }, req) => d.fix.assign(params.subjectId, body, ...(await who(req))), w);
  on(c.keep, async ({ params, body }, req) => d.fix.keep(params.subjectId, body, ...(await who(req))), w);
  on(
    c.objective,
    async ({ params, body }, req) => d.fix.objective(params.subjectId, body, ...(await who(req))),
    w,
  );
  on(c.absent, async ({ params, body }, req) => d.fix.absent(params.subjectId, body, ...(await who(req))), w);
  on(
    c.paperType,
    async ({ params, body }, req) => d.fix.paperType(params.subjectId, body, ...(await who(req))),
    w,
  );
  on(
    c.optional,
    async ({ params, body }, req) => d.fix.optional(params.subjectId, body, ...(await who(req))),
    w,
  );
  on(c.score, async ({ params, body }, req) => d.fix.score(params.subjectId, body, ...(await who(req))), w);
  on(c.accept, async ({ params, body }, req) => d.fix.accept(params.subjectId, body, ...(await who(req))), w);
  on(c.rescan, async ({ params, body }, req) => d.fix.rescan(params.subjectId, body, ...(await who(req))), w);
  on(c.blanks, async ({ params, body }, req) => d.fix.blanks(params.subjectId, body, ...(await who(req))), w);
  on(
    c.reanchor,
    async ({ params, body }, req) => d.fix.reanchor(params.subjectId, body, ...(await who(req))),
    w,
  );
  on(
    c.rerecognise,
    async ({ params, body }, req) => d.fix.rerecognise(params.subjectId, body, ...(await who(req))),
    w,
  );
  on(
    c.voidBatch,
    async ({ params, body }, req) => d.fix.voidBatch(params.subjectId, body, ...(await who(req))),
    w,
  );
  // ---- absence by hand and 扫描完成 per school ----
  on(c.schools, async ({ params }, req) => d.finish.schools(params.subjectId, await req.principal()), read);
  on(
    c.absence,
    async ({ params, body }, req) => d.finish.absence(params.subjectId, body, ...(await who(req))),
    w,
  );
  on(
    c.finish,
    async ({ params, body }, req) => d.finish.finish(params.subjectId, body, ...(await who(req))),
    w,
  );
  on(
    c.reopen,
    async ({ params, body }, req) => d.finish.reopen(params.subjectId, body, ...(await who(req))),
    w,
  );

  on(
    c.detail,
    async ({ params }, req) => d.view.detail(params.subjectId, params.exceptionId, await req.principal()),
    read,
  );
  // spec §5: reading exception papers answers an error unless the summary count is above 0
  on(
    c.exceptionPapers,
    async ({ params, query }, req) => d.view.exceptionPapers(params.subjectId, query, await req.principal()),
    read,
  );
  on(
    c.studentPaper,
    async ({ params, query }, req) =>
      d.view.studentPaper(params.subjectId, query.examineeId, await req.principal()),
    read,
  );
}
