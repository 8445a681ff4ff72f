import { sql, type SQL } from 'drizzle-orm';
import { intArray, rowsOf, type Db } from '../../infra/db';

/** Whose tasks: a person's own, the tasks touching some schools, or every task (the system administrator). */
export type TaskOwner = { userId: number } | { schools: readonly number[] } | 'all';

export interface TaskRef {
  kind: 'export' | 'recognition' | 'intelligent';
  id: number;
}

interface Common {
  id: number;
  createdAt: Date;
  examName: string;
  subjectId: number | null;
  subjectName: string | null;
  userId: number | null;
  userName: string | null;
}

export interface ExportRow extends Common {
  kind: 'questions' | 'classes' | 'totals';
  status: 'pending' | 'running' | 'done' | 'failed' | 'expired';
  progress: number;
  rows: number | null;
  error: string | null;
  hasFile: boolean;
  finishedAt: Date | null;
  expiresAt: Date | null;
}

export interface BatchRow extends Common {
  state: string;
  source: string;
  pages: number;
  queued: number;
  /** recognition doubts of the batch's sheets still open */
  openExceptions: number;
  lastAt: Date | null;
  /** 作废本批次: set aside whole to be scanned again */
  voidedAt: Date | null;
}

export interface RunRow extends Common {
  kind: string;
  status: string;
  total: number;
  done: number;
  found: number;
  blockId: number;
  blockName: string;
  finishedAt: Date | null;
}

/** The condition on one kind's rows for `owner`: `who` is the column of the person, `school` of the school. */
function whose(owner: TaskOwner, who: SQL, school: SQL): SQL {
  if (owner === 'all') return sql`true`;
  if ('userId' in owner) return sql`${who} = ${owner.userId}`;
  return sql`${school} = any(${intArray(owner.schools)})`;
}

/**
 * 我的任务's SQL: the background work that already keeps its own rows — export_task (下载中心), scan_batch (the
 * recognition of an upload; the 'online' batch of 在线考试 is nobody's upload), intelligent_run (智能辅助) — read as
 * one list. A page is chosen over the three by time first, then each kind's rows of the page are read in full.
 */
export function taskRepo(db: Db) {
  const union = (owner: TaskOwner) => sql`
    select 'export' as kind, x.id, x.created_at from export_task x join exam e on e.id = x.exam_id
      where ${whose(owner, sql`x.user_id`, sql`e.school_id`)}
    union all
    select 'recognition', b.id, b.created_at from scan_batch b
      where b.source <> 'online' and b.uploader_id is not null
        and ${whose(owner, sql`b.uploader_id`, sql`b.school_id`)}
    union all
    select 'intelligent', r.id, r.created_at from intelligent_run r
      join block k on k.id = r.block_id join subject s on s.id = k.subject_id join exam e on e.id = s.exam_id
      where r.started_by is not null and ${whose(owner, sql`r.started_by`, sql`e.school_id`)}`;

  return {
    /** A page of the tasks of `owner`, newest first, and how many there are. */
    async page(owner: TaskOwner, page: number, size: number): Promise<{ refs: TaskRef[]; total: number }> {
      const [refs, [count]] = await Promise.all([
        db.execute(sql`select kind, id from (${union(owner)}) t
          order by created_at desc, kind, id desc limit ${size} offset ${(page - 1) * size}`),
        db.execute(sql`select count(*)::int as n from (${union(owner)}) t`),
      ]).then(([a, b]) => [rowsOf<TaskRef>(a), rowsOf<{ n: number }>(b)] as const);
      return { refs, total: count?.n ?? 0 };
    },

    /** The person's tasks still queued or running, of every kind. */
    async active(userId: number): Promise<number> {
      const [r] = rowsOf<{ n: number }>(
        await db.execute(sql`select
          (select count(*) from export_task where user_id = ${userId} and status in ('pending', 'running'))
          + (select count(*) from scan_batch b where b.uploader_id = ${userId} and b.source <> 'online'
              and exists (select 1 from scan_page p where p.batch_id = b.id and p.status = 'queued'))
          + (select count(*) from intelligent_run where started_by = ${userId} and status in ('queued', 'running'))
          as n`),
      );
      return Number(r?.n ?? 0);
    },

    async exports(idList: number[]): Promise<ExportRow[]> {
      if (!idList.length) return [];
      return rowsOf<ExportRow>(
        await db.execute(sql`select x.id, x.created_at as "createdAt", x.kind, x.status, x.progress, x.rows,
            x.error, x.file_key is not null as "hasFile", x.finished_at as "finishedAt", x.expires_at as "expiresAt",
            e.name as "examName", x.subject_id as "subjectId", s.name as "subjectName",
            x.user_id as "userId", u.name as "userName"
          from export_task x join exam e on e.id = x.exam_id join "user" u on u.id = x.user_id
          left join subject s on s.id = x.subject_id
          where x.id = any(${intArray(idList)})`),
      );
    },

    async batches(idList: number[]): Promise<BatchRow[]> {
      if (!idList.length) return [];
      return rowsOf<BatchRow>(
        await db.execute(sql`select b.id, b.created_at as "createdAt", b.state, b.source, b.voided_at as "voidedAt",
            e.name as "examName", b.subject_id as "subjectId", s.name as "subjectName",
            b.uploader_id as "userId", u.name as "userName",
            (select count(*)::int from scan_page p where p.batch_id = b.id) as pages,
            (select count(*)::int from scan_page p where p.batch_id = b.id and p.status = 'queued') as queued,
            (select max(p.recognised_at) from scan_page p where p.batch_id = b.id) as "lastAt",
            (select count(*)::int from scan_exception x where x.batch_id = b.id and not x.resolved)
              as "openExceptions"
          from scan_batch b join subject s on s.id = b.subject_id join exam e on e.id = s.exam_id
          left join "user" u on u.id = b.uploader_id
          where b.id = any(${intArray(idList)})`),
      );
    },

    async runs(idList: number[]): Promise<RunRow[]> {
      if (!idList.length) return [];
      return rowsOf<RunRow>(
        await db.execute(sql`select r.id, r.created_at as "createdAt", r.kind, r.status, r.total, r.done, r.found,
            r.finished_at as "finishedAt", k.id as "blockId", k.name as "blockName",
            e.name as "examName", s.id as "subjectId", s.name as "subjectName",
            r.started_by as "userId", u.name as "userName"
          from intelligent_run r join block k on k.id = r.block_id join subject s on s.id = k.subject_id
          join exam e on e.id = s.exam_id left join "user" u on u.id = r.started_by
          where r.id = any(${intArray(idList)})`),
      );
    },
  };
}
export type TaskRepo = ReturnType<typeof taskRepo>;
