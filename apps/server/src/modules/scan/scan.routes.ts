import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, intParam } from '@yj/contracts';
import {
  missedExamQuery,
  scanAbsenceBody,
  scanAbsentBody,
  scanFinishBody,
  type Principal,
  scanAssignBody,
  scanBatchBody,
  scanExceptionPapersQuery,
  scanKeepBody,
  scanObjectiveBody,
  scanOptionalBody,
  scanScoreBody,
  scanAcceptBody,
  scanPaperTypeBody,
  scanReanchorBody,
  scanRescanBody,
  scanStudentQuery,
  ScanSource,
  scanExceptionQuery,
  scanPaperQuery,
  scanSchoolQuery,
  type ScanSourceValue,
} from '@yj/contracts';
import { fail } from '../../errors';
import { actorOf, heavy, ok, saveUploads } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { Actor } from '../../lib/actor';
import type { ScanExceptionViewService } from './exceptions/scan-exception-view.service';
import type { ScanFinishService } from './finish/scan-finish.service';
import type { ScanFixService } from './exceptions/scan-fix.service';
import type { ScanQueryService } from './query/scan-query.service';
import type { ScanService } from './ingest/scan-ingest.service';

const id = idParam();
const subjectParams = z.object({ subjectId: id });
const examParams = z.object({ examId: id });
const pageParams = z.object({ pageId: id });
const cropParams = pageParams.extend({ crop: intParam(0) });
const exceptionParams = subjectParams.extend({ exceptionId: id });

/** Limits of one upload request (a scanner's batch is sent in several requests). */
const UPLOAD = { files: 500, fileBytes: 200 * 1024 * 1024, totalBytes: 1024 * 1024 * 1024 };

const optionalInt = (v: string | undefined, what: string): number | undefined => {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw fail(`${what}不正确`);
  return n;
};

/** Who may say they sent an answerCard upload: the browser (default) or the local scan agent. */
const ANSWER_CARD_SOURCES: readonly ScanSourceValue[] = [ScanSource.upload, ScanSource.agent];
const answerCardSource = (v: string | undefined): ScanSourceValue => {
  if (v === undefined || v === '') return ScanSource.upload;
  const source = ANSWER_CARD_SOURCES.find((x) => x === v);
  if (!source) throw fail('上传来源不正确');
  return source;
};

/** uploadorigin's selected students, sent as "1,2,3". */
const idList = (v: string | undefined): number[] | undefined => {
  if (v === undefined || v === '') return undefined;
  const ids = v.split(',').map(Number);
  if (ids.some((x) => !Number.isInteger(x) || x <= 0)) throw fail('所选考生不正确');
  return ids;
};

/** Reads the files (in order, each streamed to disk) and the text fields of a multipart upload. */
function readScanUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw fail('请选择要上传的答题卡文件');
  return saveUploads(req, {
    ...UPLOAD,
    tooMany: `一次最多上传 ${UPLOAD.files} 个文件，请分批上传`,
    fileTooBig: '单个文件不能超过 200MB',
    totalTooBig: '一次上传的文件过大，请分批上传',
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
  const scan = { capability: 'subject.scan' as const, scope: d.scopes.subjectParam };
  const read = { capability: 'scan.read' as const, scope: d.scopes.subjectParam };
  const readExam = { capability: 'scan.read' as const, scope: d.scopes.examParam };
  const readPage = {
    capability: 'scan.read' as const,
    scope: async (req: FastifyRequest) =>
      d.scopes.forSubject(await d.query.pageSubject(Number((req.params as { pageId: unknown }).pageId))),
  };

  // answerCard: the form's `source` says who sent it; uploadorigin is always origin
  const upload =
    (sourceOf: (field: string | undefined) => ScanSourceValue) =>
    async (req: FastifyRequest<{ Params: { subjectId: number } }>) => {
      const { files, fields, cleanup } = await readScanUpload(req);
      try {
        const source = sourceOf(fields.source);
        const input = {
          subjectId: req.params.subjectId,
          schoolId: optionalInt(fields.schoolId, '学校'),
          students: optionalInt(fields.students, '所选学生数量'),
          examineeIds: idList(fields.examineeIds),
          batchId: optionalInt(fields.batchId, '批次') || undefined,
          source,
          files,
        };
        const principal = await req.principal();
        // stored before acknowledged, as before: the answer comes once the pages are in storage and recorded
        return ok(await heavy(req, () => d.scan.upload(input, principal, actorOf(req))));
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

  r.get(
    '/api/subject/:subjectId/scanExceptionProgress',
    { schema: { params: subjectParams, querystring: scanSchoolQuery }, config: read },
    async (req) =>
      ok(await d.query.subjectProgress(req.params.subjectId, await req.principal(), req.query.schoolId)),
  );
  r.get(
    '/api/exam/:examId/allScanProgress',
    { schema: { params: examParams, querystring: scanSchoolQuery }, config: readExam },
    async (req) =>
      ok(await d.query.examProgress(req.params.examId, await req.principal(), req.query.schoolId)),
  );
  r.get(
    '/api/schoolExamineeProgress/:examId',
    { schema: { params: examParams, querystring: scanSchoolQuery }, config: readExam },
    async (req) =>
      ok(await d.query.schoolProgress(req.params.examId, await req.principal(), req.query.subjectId)),
  );
  r.get(
    '/api/subject/:subjectId/scan/scanException',
    { schema: { params: subjectParams, querystring: scanSchoolQuery }, config: read },
    async (req) =>
      ok(await d.query.exceptionCounts(req.params.subjectId, await req.principal(), req.query.schoolId)),
  );
  r.get(
    '/api/subject/:subjectId/scan/exceptions',
    { schema: { params: subjectParams, querystring: scanExceptionQuery }, config: read },
    async (req) => ok(await d.query.exceptions(req.params.subjectId, await req.principal(), req.query)),
  );
  r.get(
    '/api/subject/:subjectId/missedExamDetail',
    { schema: { params: subjectParams, querystring: missedExamQuery }, config: read },
    async (req) => ok(await d.query.missed(req.params.subjectId, await req.principal(), req.query)),
  );
  r.get(
    '/api/subject/:subjectId/scan/papers',
    { schema: { params: subjectParams, querystring: scanPaperQuery }, config: read },
    async (req) => ok(await d.query.papers(req.params.subjectId, await req.principal(), req.query)),
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
  /**
   * A write on a subject: its body schema and the service call, whose body type must fit the schema's (checked
   * at each line below, where a table with casts checked nothing). The provider cannot carry a generic schema
   * into `req.body`: the one assertion is what the schema has just validated.
   */
  const write = <S extends z.ZodType>(
    path: string,
    body: S,
    run: (subjectId: number, body: z.infer<S>, p: Principal, a: Actor) => Promise<unknown>,
  ) =>
    r.post(
      `/api/subject/:subjectId/${path}`,
      { schema: { params: subjectParams, body }, config: scan },
      async (req) =>
        ok(await run(req.params.subjectId, req.body as z.infer<S>, await req.principal(), actorOf(req))),
    );
  write('scan/fix/assign', scanAssignBody, d.fix.assign);
  write('scan/fix/keep', scanKeepBody, d.fix.keep);
  write('scan/fix/objective', scanObjectiveBody, d.fix.objective);
  write('scan/fix/absent', scanAbsentBody, d.fix.absent);
  write('scan/fix/paperType', scanPaperTypeBody, d.fix.paperType);
  write('scan/fix/optional', scanOptionalBody, d.fix.optional);
  write('scan/fix/score', scanScoreBody, d.fix.score);
  write('scan/fix/accept', scanAcceptBody, d.fix.accept);
  write('scan/fix/rescan', scanRescanBody, d.fix.rescan);
  write('scan/fix/reanchor', scanReanchorBody, d.fix.reanchor);
  write('scan/fix/rerecognise', scanBatchBody, d.fix.rerecognise);
  // ---- absence by hand and 扫描完成 per school ----
  r.get(
    '/api/subject/:subjectId/scan/schools',
    { schema: { params: subjectParams }, config: read },
    async (req) => ok(await d.finish.schools(req.params.subjectId, await req.principal())),
  );
  write('scan/absence', scanAbsenceBody, d.finish.absence);
  write('scan/finish', scanFinishBody, d.finish.finish);
  write('scan/reopen', scanFinishBody, d.finish.reopen);

  r.get(
    '/api/subject/:subjectId/scan/exception/:exceptionId',
    { schema: { params: exceptionParams }, config: read },
    async (req) =>
      ok(await d.view.detail(req.params.subjectId, req.params.exceptionId, await req.principal())),
  );
  // spec §5: reading exception papers answers an error unless the summary count is above 0
  r.get(
    '/api/subject/:subjectId/scan/exceptionPapers',
    { schema: { params: subjectParams, querystring: scanExceptionPapersQuery }, config: read },
    async (req) => ok(await d.view.exceptionPapers(req.params.subjectId, req.query, await req.principal())),
  );
  r.get(
    '/api/subject/:subjectId/scan/view/student/paper',
    { schema: { params: subjectParams, querystring: scanStudentQuery }, config: read },
    async (req) =>
      ok(await d.view.studentPaper(req.params.subjectId, req.query.examineeId, await req.principal())),
  );
}
