import { z } from 'zod';
import { idParam } from '../fields';
import { paged, defineRoute } from '../route';
import {
  missedExamPage,
  missedExamQuery,
  scanAbsenceBody,
  scanAbsentBody,
  scanAcceptBody,
  scanAssignBody,
  scanBatchBody,
  scanBlanksBody,
  scanExceptionCounts,
  scanExceptionDetail,
  scanExceptionItem,
  scanExceptionPapersQuery,
  scanExceptionProgress,
  scanExceptionQuery,
  scanFinishBody,
  scanFixResult,
  scanKeepBody,
  scanObjectiveBody,
  scanOptionalBody,
  scanPaperItem,
  scanPaperQuery,
  scanPaperTypeBody,
  scanReanchorBody,
  scanRescanBody,
  scanSchoolQuery,
  scanSchoolStatus,
  scanScoreBody,
  scanStudentQuery,
  schoolScanProgress,
  studentPaperView,
  subjectScanProgress,
} from '../scan';

const id = idParam();
const subject = z.object({ subjectId: id });
const exam = z.object({ examId: id });

/** A write on a subject's scan (one transaction each, audited): its body and its answer. */
const write = <B extends z.ZodType, R extends z.ZodType>(path: string, body: B, response: R) =>
  defineRoute({
    method: 'POST',
    path: `/api/subject/:subjectId/${path}`,
    access: 'subject.scan',
    params: subject,
    body,
    response,
  });
/** An exception fix: the papers touched and the open exceptions left on them. */
const fix = <B extends z.ZodType>(name: string, body: B) => write(`scan/fix/${name}`, body, scanFixResult);

/**
 * 扫描与识别 (spec §5, DESIGN.md §4): progress, exceptions and their fixes, missed examinees, absence by hand
 * and 扫描完成 per school. The uploads (answerCard, uploadorigin: multipart) and the page images stay on
 * Fastify's registration.
 */
export const scanContract = {
  progress: defineRoute({
    method: 'GET',
    path: '/api/subject/:subjectId/scanExceptionProgress',
    access: 'scan.read',
    params: subject,
    query: scanSchoolQuery,
    response: scanExceptionProgress,
  }),
  examProgress: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/allScanProgress',
    access: 'scan.read',
    params: exam,
    query: scanSchoolQuery,
    response: z.array(subjectScanProgress),
  }),
  schoolProgress: defineRoute({
    method: 'GET',
    path: '/api/schoolExamineeProgress/:examId',
    access: 'scan.read',
    params: exam,
    query: scanSchoolQuery,
    response: z.array(schoolScanProgress),
  }),
  counts: defineRoute({
    method: 'GET',
    path: '/api/subject/:subjectId/scan/scanException',
    access: 'scan.read',
    params: subject,
    query: scanSchoolQuery,
    response: scanExceptionCounts,
  }),
  exceptions: defineRoute({
    method: 'GET',
    path: '/api/subject/:subjectId/scan/exceptions',
    access: 'scan.read',
    params: subject,
    query: scanExceptionQuery,
    response: paged(scanExceptionItem),
  }),
  missed: defineRoute({
    method: 'GET',
    path: '/api/subject/:subjectId/missedExamDetail',
    access: 'scan.read',
    params: subject,
    query: missedExamQuery,
    response: missedExamPage,
  }),
  papers: defineRoute({
    method: 'GET',
    path: '/api/subject/:subjectId/scan/papers',
    access: 'scan.read',
    params: subject,
    query: scanPaperQuery,
    response: paged(scanPaperItem),
  }),
  assign: fix('assign', scanAssignBody),
  keep: fix('keep', scanKeepBody),
  objective: fix('objective', scanObjectiveBody),
  absent: fix('absent', scanAbsentBody),
  paperType: fix('paperType', scanPaperTypeBody),
  optional: fix('optional', scanOptionalBody),
  score: fix('score', scanScoreBody),
  accept: fix('accept', scanAcceptBody),
  rescan: fix('rescan', scanRescanBody),
  blanks: fix('blanks', scanBlanksBody),
  reanchor: fix('reanchor', scanReanchorBody),
  rerecognise: fix('rerecognise', scanBatchBody),
  /** 作废本批次: every live paper of a batch set aside (kept), the batch closed to more pages */
  voidBatch: fix('voidBatch', scanBatchBody),
  schools: defineRoute({
    method: 'GET',
    path: '/api/subject/:subjectId/scan/schools',
    access: 'scan.read',
    params: subject,
    response: z.array(scanSchoolStatus),
  }),
  absence: write('scan/absence', scanAbsenceBody, z.object({ changed: z.number() })),
  finish: write(
    'scan/finish',
    scanFinishBody,
    z.object({ schoolId: z.number(), counts: z.record(z.string(), z.number()) }),
  ),
  reopen: write('scan/reopen', scanFinishBody, z.object({ schoolId: z.number() })),
  detail: defineRoute({
    method: 'GET',
    path: '/api/subject/:subjectId/scan/exception/:exceptionId',
    access: 'scan.read',
    params: subject.extend({ exceptionId: id }),
    response: scanExceptionDetail,
  }),
  /** spec §5: reading exception papers answers an error unless the summary count is above 0 */
  exceptionPapers: defineRoute({
    method: 'GET',
    path: '/api/subject/:subjectId/scan/exceptionPapers',
    access: 'scan.read',
    params: subject,
    query: scanExceptionPapersQuery,
    response: z.object({ count: z.number(), types: z.array(z.string()) }),
  }),
  studentPaper: defineRoute({
    method: 'GET',
    path: '/api/subject/:subjectId/scan/view/student/paper',
    access: 'scan.read',
    params: subject,
    query: scanStudentQuery,
    response: studentPaperView,
  }),
};
