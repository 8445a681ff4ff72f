import { sql } from 'drizzle-orm';
import { intArray, rowsOf, textArray, type Db } from '../../infra/db';

/** An analysis group as stored (live rows only). */
export interface GroupRow {
  id: number;
  examId: number;
  schoolId: number | null;
  name: string;
  classIds: number[] | null;
  examineeIds: number[] | null;
  version: number;
  createdByName: string;
  updatedAt: string;
}

/** An examinee of an exam with where they sit (a member, or one to choose from). */
export interface MemberRow {
  id: number;
  schoolId: number;
  classId: number;
}

/** An examinee with exam number, name and class name (to choose from, or a student group's member). */
export interface NamedMember extends MemberRow {
  kaohao: string;
  name: string;
  className: string;
}

export interface GroupWrite {
  examId: number;
  schoolId: number | null;
  name: string;
  classIds: number[] | null;
  examineeIds: number[] | null;
}

const columns = sql`g.id, g.exam_id as "examId", g.school_id as "schoolId", g.name, g.class_ids as "classIds",
  g.examinee_ids as "examineeIds", g.version, coalesce(u.name, '') as "createdByName",
  to_char(g.updated_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as "updatedAt"`;

/** Examinees with exam number, name and class name (NamedMember), for a where clause to follow. */
const named = sql`select e.id, e.school_id as "schoolId", e.class_id as "classId", e.kaohao, s.name,
  coalesce(b.name, '') as "className"
  from examinee e join student s on s.id = e.student_id left join class b on b.id = e.class_id`;

/** 分析组 rows and the examinees they stand for. */
export function reportGroupsRepo(db: Db) {
  return {
    /** The exam's live groups, newest first. */
    async list(examId: number): Promise<GroupRow[]> {
      const r =
        await db.execute(sql`select ${columns} from analysis_group g left join "user" u on u.id = g.created_by
        where g.exam_id = ${examId} and g.deleted_at is null order by g.id desc`);
      return rowsOf<GroupRow>(r);
    },

    /** One live group of the exam; `lock`: held until the transaction ends (an edit or a delete). */
    async get(examId: number, groupId: number, lock = false): Promise<GroupRow | null> {
      const r =
        await db.execute(sql`select ${columns} from analysis_group g left join "user" u on u.id = g.created_by
        where g.id = ${groupId} and g.exam_id = ${examId} and g.deleted_at is null
        ${lock ? sql`for update of g` : sql``}`);
      return rowsOf<GroupRow>(r)[0] ?? null;
    },

    /** Stores a new group; null when a live group of the exam already has the name. */
    async insert(g: GroupWrite, userId: number): Promise<number | null> {
      const r = await db.execute(sql`
        insert into analysis_group (exam_id, school_id, name, class_ids, examinee_ids, created_by)
        values (${g.examId}, ${g.schoolId}, ${g.name}, ${g.classIds ? intArray(g.classIds) : null},
          ${g.examineeIds ? intArray(g.examineeIds) : null}, ${userId})
        on conflict (exam_id, name) where deleted_at is null do nothing
        returning id`);
      return rowsOf<{ id: number }>(r)[0]?.id ?? null;
    },

    /**
     * Names of the exam's groups taken one writer at a time until the transaction ends: a rename checked by
     * `nameTaken` could otherwise meet a create or rename of the same name committed in between (a unique
     * violation, a 500, instead of the Chinese refusal).
     */
    async lockNames(examId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('analysis_group:' || ${examId}::text))`);
    },

    /** Whether another live group of the exam has the name. */
    async nameTaken(examId: number, name: string, exceptId: number): Promise<boolean> {
      const r = await db.execute(sql`select exists (select 1 from analysis_group where exam_id = ${examId}
        and name = ${name} and id <> ${exceptId} and deleted_at is null) as yes`);
      return rowsOf<{ yes: boolean }>(r)[0]?.yes ?? false;
    },

    /** New name and members, the next version (the group's cached reports no longer match). */
    async update(groupId: number, g: GroupWrite): Promise<void> {
      await db.execute(sql`update analysis_group set name = ${g.name}, school_id = ${g.schoolId},
        class_ids = ${g.classIds ? intArray(g.classIds) : null},
        examinee_ids = ${g.examineeIds ? intArray(g.examineeIds) : null},
        version = version + 1, updated_at = now()
        where id = ${groupId}`);
    },

    /** Marks the group deleted (the row stays for the audit trail). */
    async remove(groupId: number): Promise<void> {
      await db.execute(
        sql`update analysis_group set deleted_at = now(), version = version + 1 where id = ${groupId}`,
      );
    },

    /** The examinees of the exam in these classes. */
    async inClasses(examId: number, classIds: readonly number[]): Promise<MemberRow[]> {
      const r = await db.execute(sql`select id, school_id as "schoolId", class_id as "classId" from examinee
        where exam_id = ${examId} and class_id = any(${intArray(classIds)}) order by id`);
      return rowsOf<MemberRow>(r);
    },

    /** These examinees, those of the exam only, with exam number, name and class name. */
    async examinees(examId: number, ids: readonly number[]): Promise<NamedMember[]> {
      const r = await db.execute(sql`
        ${named}
        where e.exam_id = ${examId} and e.id = any(${intArray(ids)}) order by e.kaohao`);
      return rowsOf<NamedMember>(r);
    },

    /** The examinees of the exam with these exam numbers. */
    async byKaohao(examId: number, kaohaos: readonly string[]): Promise<NamedMember[]> {
      const r = await db.execute(sql`
        ${named}
        where e.exam_id = ${examId} and e.kaohao = any(${textArray(kaohaos)}) order by e.kaohao`);
      return rowsOf<NamedMember>(r);
    },

    /** The classes of the exam's examinees: name, school and how many examinees sit in each. */
    async classes(examId: number): Promise<{ id: number; name: string; schoolId: number; count: number }[]> {
      const r = await db.execute(sql`
        select b.id, b.name, b.school_id as "schoolId", n.count from class b
        join (select class_id, count(*)::int as count from examinee where exam_id = ${examId} group by class_id) n
          on n.class_id = b.id
        order by b.school_id, b.sort, b.id`);
      return rowsOf<{ id: number; name: string; schoolId: number; count: number }>(r);
    },

    /** Examinees of the exam whose exam number or name holds the keyword, with their class (at most 200). */
    async candidates(examId: number, keyword: string): Promise<NamedMember[]> {
      const r = await db.execute(sql`
        ${named}
        where e.exam_id = ${examId}
          and (strpos(lower(e.kaohao), lower(${keyword})) > 0 or strpos(lower(s.name), lower(${keyword})) > 0)
        order by e.kaohao limit 200`);
      return rowsOf<NamedMember>(r);
    },
  };
}
export type ReportGroupsRepo = ReturnType<typeof reportGroupsRepo>;
