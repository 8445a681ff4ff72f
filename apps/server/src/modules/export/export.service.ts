import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  EXPORT_KIND_LABELS,
  can,
  type ExportCreate,
  type ExportKind,
  type ExportTaskItem,
  type PageQuery,
  type Paged,
  type Principal,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Jobs, JobStatus } from '../../infra/jobs';
import type { Storage } from '../../infra/storage';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import { scanSchools, type SchoolFilter } from '../scan/scan-access';
import { SHEETS, type SheetRepos } from './export-sheets';
import type { ExportRepo, ExportTask } from './export.repo';

export const EXPORT_JOB = 'score.export';
/** A file stays downloadable this long; then the sweep removes it and the row shows 已过期. */
export const EXPORT_TTL_MS = 7 * 24 * 3600_000;

/** The file name users see: exam, subject, kind, all from what the school entered (path characters dropped). */
const fileName = (parts: Array<string | null>, kind: ExportKind) =>
  `${[...parts.filter(Boolean), EXPORT_KIND_LABELS[kind]].join('-').replace(/[\\/:*?"<>|\s]+/g, '_')}.xlsx`;

/** The schools in `inner` are all seen by `outer`. */
const covers = (outer: SchoolFilter, inner: number[] | null) =>
  outer === 'all' || (inner !== null && inner.every((s) => outer.includes(s)));

/** 下载中心 (spec §2 download/center): export tasks asked for, run as jobs, their files kept until expiry. */
export function exportService(d: {
  db: Db;
  storage: Storage;
  audit: AuditService;
  exams: ExamService;
  queue: Jobs;
  repo: (db: Db) => ExportRepo;
  /** what the sheets read: the all_score screen's repository and the score module's read port */
  sheets: SheetRepos;
  ttlMs?: number;
}) {
  const ttl = d.ttlMs ?? EXPORT_TTL_MS;
  const repo = d.repo(d.db);

  /** The exam, subject and schools a request covers (the capability is checked by the route). */
  async function target(input: ExportCreate, p: Principal) {
    const s = input.kind === 'totals' ? null : await d.exams.subjectRow(input.subjectId);
    const e = await d.exams.requireExam(s ? s.examId : (input as { examId: number }).examId);
    return { exam: e, subject: s, filter: scanSchools(p, e, s?.id) };
  }

  const setProgress = (id: number, progress: number) => repo.update(id, { progress });

  async function run(taskId: number): Promise<JobStatus> {
    const t = await repo.task(taskId);
    // done, expired, or gone: a repeated or retried job has nothing left to do
    if (!t || t.status === 'done' || t.status === 'expired') return 'skipped';
    await repo.update(taskId, { status: 'running', progress: 0, error: null });
    const filter: SchoolFilter = t.schools ?? 'all';
    const tmp = path.join(os.tmpdir(), `yj-export-${taskId}-${randomUUID()}.xlsx`);
    try {
      const expected = Math.max(1, await expectedRows(t, filter));
      let shown = 0;
      const input = { db: d.db, examId: t.examId, subjectId: t.subjectId, filter, ...d.sheets };
      const rows = await SHEETS[t.kind](input, tmp, async (written) => {
        // the bar moves in whole percent steps; the last 5 % are the upload to storage
        const pct = Math.min(95, Math.floor((written / expected) * 95));
        if (pct > shown) {
          shown = pct;
          await setProgress(taskId, pct);
        }
      });
      const body = await fs.readFile(tmp);
      const key = `exports/${taskId}.xlsx`;
      await d.storage.put(key, body);
      const now = new Date();
      await repo.update(taskId, {
        status: 'done',
        progress: 100,
        rows,
        size: body.length,
        fileKey: key,
        finishedAt: now,
        expiresAt: new Date(now.getTime() + ttl),
      });
      return 'done';
    } catch (err) {
      await repo.update(taskId, { status: 'failed', error: '生成文件失败，请稍后重新导出' });
      throw err;
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  async function expectedRows(t: ExportTask, filter: SchoolFilter): Promise<number> {
    if (t.kind === 'classes') return 1;
    return repo.examinees(t.examId, filter);
  }

  return {
    run,

    async create(input: ExportCreate, p: Principal, actor: Actor): Promise<{ id: number }> {
      const { exam: e, subject: s, filter } = await target(input, p);
      if (filter !== 'all' && filter.length === 0) throw fail('forbidden');
      const id = await d.db.transaction(async (tx) => {
        const same = {
          kind: input.kind,
          examId: e.id,
          subjectId: s?.id ?? null,
          userId: actor.userId,
          schools: filter === 'all' ? null : [...filter],
        };
        // asked again (a double click whose first click was answered already) while the same export is still to
        // be made: that task, not a second file of the same figures
        const waiting = await d.repo(tx).sameInProgress(same);
        if (waiting !== null) return waiting;
        const taskId = await d.repo(tx).insert({
          ...same,
          fileName: fileName([e.name, s?.name ?? null], input.kind),
        });
        await d.audit.record(tx, {
          action: 'score.export',
          examId: e.id,
          ...actor,
          target: s ? `subject:${s.id}` : `exam:${e.id}`,
          detail: { kind: input.kind, task: taskId },
        });
        return taskId;
      });
      // the task id keys the job: asking the queue twice runs it once (a task found again is asked again, in case
      // its first asking failed after the commit)
      await d.queue.enqueue(EXPORT_JOB, { taskId: id }, { jobId: String(id) });
      return { id };
    },

    /** The user's own tasks, newest first (an administrator sees everyone's). */
    async list(q: PageQuery, p: Principal): Promise<Paged<ExportTaskItem>> {
      const { rows, total } = await repo.page(q, p.isAdmin ? null : p.userId);
      return {
        total,
        size: q.size,
        items: rows.map(({ t, examName, subjectName, userName }) => ({
          id: t.id,
          kind: t.kind,
          examId: t.examId,
          examName,
          subjectId: t.subjectId,
          subjectName,
          userName,
          status: t.status,
          progress: t.progress,
          rows: t.rows,
          size: t.size,
          fileName: t.fileName,
          error: t.error,
          createdAt: t.createdAt.toISOString(),
          expiresAt: t.expiresAt?.toISOString() ?? null,
        })),
      };
    },

    /**
     * The file of a finished task: its requester (or an administrator), who still may download scores of that exam
     * or subject, and still sees every school the file holds.
     */
    async file(id: number, p: Principal): Promise<{ body: Buffer; fileName: string }> {
      const t = await repo.task(id);
      if (!t) throw fail('exportTaskNotFound');
      if (t.userId !== p.userId && !p.isAdmin) throw fail('forbidden');
      const e = await d.exams.requireExam(t.examId);
      const scope = {
        examId: e.id,
        ...(e.schoolId ? { schoolId: e.schoolId } : {}),
        ...(t.subjectId ? { subjectId: t.subjectId } : {}),
      };
      if (!can(p, 'score.download', scope)) throw fail('forbidden');
      if (!covers(scanSchools(p, e, t.subjectId ?? undefined), t.schools)) throw fail('forbidden');
      if (t.status === 'expired') throw fail('exportFileExpired');
      if (t.status !== 'done' || !t.fileKey) throw fail('exportFileNotReady');
      const body = await d.storage.get(t.fileKey);
      if (!body) throw fail('exportFileExpired');
      return { body, fileName: t.fileName };
    },

    /** Removes the files past their expiry; the rows stay, shown 已过期. Safe to run twice at once. */
    async sweep(now = new Date()): Promise<number> {
      const due = await repo.due(now);
      for (const t of due) if (t.fileKey) await d.storage.remove(t.fileKey);
      if (due.length > 0) {
        await repo.expire(due.map((t) => t.id));
      }
      return due.length;
    },

    /** Tasks left pending or running by a stop are queued again (the job starts each over). */
    async resume(): Promise<void> {
      const open = await repo.open();
      for (const t of open) await d.queue.enqueue(EXPORT_JOB, { taskId: t.id }, { jobId: String(t.id) });
    },
  };
}
export type ExportService = ReturnType<typeof exportService>;
