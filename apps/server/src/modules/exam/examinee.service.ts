import {
  ExamType,
  type ExamineeAdd,
  type ExamineeItem,
  type ExamineeListQuery,
  type ImportError,
  type Paged,
  type Principal,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import { readImportSheet, writeSheet, importErrors } from '../../lib/excel';
import type { AuditService } from '../audit/audit.service';
import type { examRepo } from './exam.repo';
import { actsForSchool, requireActsForSchools } from './exam-school';
import type { examineeRepo } from './examinee.repo';
import { place, ruleProblem, type SeatStudent } from './kaohao';
import type { Actor } from '../../lib/actor';
import type { ExamineeScoreHook } from '../score-compute/score-compute';
import { assertAllows } from '../../lib/subject-state';

export function examineeService(d: {
  db: Db;
  examRepo: typeof examRepo;
  repo: typeof examineeRepo;
  audit: AuditService;
  scores?: ExamineeScoreHook;
}) {
  async function requireExam(db: Db, examId: number) {
    const e = await d.examRepo(db).find(examId);
    if (!e) throw fail('examNotFound');
    return e;
  }

  /**
   * Removing examinees or changing their 试卷类型 moves every subject's figures: refused (the lifecycle's
   * message, naming the subject) while any subject of the exam is published — 取消发布 first.
   */
  async function assertExamineesEditable(db: Db, examId: number): Promise<void> {
    for (const s of await d.examRepo(db).lockStates({ examId }))
      assertAllows(s.status, 'editExaminees', s.name);
  }

  return {
    list: (examId: number, q: ExamineeListQuery): Promise<Paged<ExamineeItem>> =>
      d.repo(d.db).list(examId, q),

    /** Takes the students of the chosen classes into the exam, numbering and seating them by the rule. */
    async add(
      examId: number,
      input: ExamineeAdd,
      p: Principal,
      actor: Actor,
    ): Promise<{ added: number; skipped: number }> {
      return d.db.transaction(async (tx) => {
        const e = await requireExam(tx, examId);
        const repo = d.repo(tx);
        const taking = await d.examRepo(tx).schools(examId);
        const schools = new Set(taking.map((s) => s.id));
        const classes = await repo.liveClasses(input.classIds);
        if (classes.length !== new Set(input.classIds).size) throw fail('selectedClassNotFound');
        if (classes.some((c) => !schools.has(c.schoolId)))
          throw fail(e.type === ExamType.joint ? 'classNotInJointSchools' : 'classNotOfSchool');
        const classSchools = new Set(classes.map((c) => c.schoolId));
        requireActsForSchools(
          p,
          e,
          taking.filter((s) => classSchools.has(s.id)),
        );
        const usage = await repo.usage(examId);
        const all = await repo.studentsOfClasses(input.classIds);
        const fresh = all.filter((s) => !usage.students.has(s.studentId));
        const classOrder = new Map<number, number>();
        const position = new Map<number, number>();
        const seated: Array<SeatStudent & { schoolId: number }> = fresh.map((s) => {
          if (!classOrder.has(s.classId)) classOrder.set(s.classId, classOrder.size + 1);
          position.set(s.classId, (position.get(s.classId) ?? 0) + 1);
          return { ...s, classIndex: classOrder.get(s.classId)!, position: position.get(s.classId)! };
        });
        const problem = ruleProblem(input.rule, seated, usage.count + 1);
        if (problem) throw fail('kaohaoRuleRejected', { reason: problem });
        const placed = place(input.rule, seated, input.roomSize, usage.maxRoom + 1, usage.count + 1);
        const clash = new Map<string, number>();
        const dup: string[] = [];
        for (const p of placed) {
          if (usage.kaohao.has(p.kaohao) || clash.has(p.kaohao)) dup.push(p.kaohao);
          clash.set(p.kaohao, p.studentId);
        }
        if (dup.length)
          throw fail(
            'kaohaoRuleDuplicates',
            { count: dup.length, examples: dup.slice(0, 3).join('、') },
            dup.slice(0, 50),
          );
        await repo.insert(
          examId,
          placed.map((p, i) => ({ ...p, schoolId: seated[i]!.schoolId, classId: seated[i]!.classId })),
        );
        await d.examRepo(tx).updateExam(examId, { step: Math.max(e.step, 3) });
        await d.audit.record(tx, {
          action: 'examinee.add',
          examId,
          ...actor,
          detail: {
            classIds: input.classIds,
            rule: input.rule,
            roomSize: input.roomSize,
            added: placed.length,
            skipped: all.length - fresh.length,
          },
        });
        return { added: placed.length, skipped: all.length - fresh.length };
      });
    },

    async update(
      examId: number,
      id: number,
      set: { kaohao: string; kaochang: string | null; seat: number | null },
      actor: Actor,
    ): Promise<void> {
      await d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        const [current] = await repo.byIds(examId, [id]);
        if (!current) throw fail('examineeNotFound');
        if (set.kaohao !== current.kaohao && (await repo.usage(examId)).kaohao.has(set.kaohao))
          throw fail('kaohaoTaken', { kaohao: set.kaohao });
        await repo.update(id, set);
        await d.audit.record(tx, {
          action: 'examinee.update',
          examId,
          ...actor,
          target: `examinee:${id}`,
          detail: {
            before: { kaohao: current.kaohao, kaochang: current.kaochang, seat: current.seat },
            after: set,
          },
        });
      });
    },

    async remove(examId: number, ids: number[], actor: Actor): Promise<{ removed: number }> {
      return d.db.transaction(async (tx) => {
        await assertExamineesEditable(tx, examId);
        const repo = d.repo(tx);
        const rows = await repo.byIds(examId, ids);
        await repo.remove(
          examId,
          rows.map((r) => r.id),
        );
        await d.audit.record(tx, {
          action: 'examinee.remove',
          examId,
          ...actor,
          detail: { before: rows },
        });
        return { removed: rows.length };
      });
    },

    async setPaperType(
      examId: number,
      ids: number[],
      paperType: 'A' | 'B' | null,
      actor: Actor,
    ): Promise<{ updated: number }> {
      return d.db.transaction(async (tx) => {
        await assertExamineesEditable(tx, examId);
        const updated = await d.repo(tx).setPaperType(examId, ids, paperType);
        await d.audit.record(tx, {
          action: 'examinee.paperType',
          examId,
          ...actor,
          detail: { ids, after: paperType },
        });
        return { updated };
      });
    },

    /** 缺考 per subject; the subject must belong to the exam of the examinees. */
    async setAbsent(subjectId: number, ids: number[], absent: boolean, actor: Actor): Promise<void> {
      await d.db.transaction(async (tx) => {
        const [s] = await d.examRepo(tx).lockStates({ subjectId });
        if (!s) throw fail('subjectNotFound');
        assertAllows(s.status, 'registerAbsence');
        const rows = await d.repo(tx).byIds(s.examId, ids);
        if (rows.length !== new Set(ids).size) throw fail('examineeNotInExam');
        await d.repo(tx).setAbsent(subjectId, ids, absent, actor.userId);
        await d.scores?.(tx, subjectId, ids);
        await d.audit.record(tx, {
          action: absent ? 'examinee.absent' : 'examinee.present',
          examId: s.examId,
          ...actor,
          detail: { subjectId, ids },
        });
      });
    },

    /**
     * Excel import of 学号, 考号, 考场, 座位号, 试卷类型 (and 学校 for joint exams): adds students not yet in the
     * exam and renumbers those already in. Every row is checked first; with any error nothing is written.
     */
    async importExcel(
      examId: number,
      file: Buffer,
      p: Principal,
      actor: Actor,
    ): Promise<{ added: number; updated: number }> {
      const sheet = await readImportSheet(file, ['学号', '考号'], ['学校', '考场', '座位号', '试卷类型']);
      return d.db.transaction(async (tx) => {
        const e = await requireExam(tx, examId);
        const repo = d.repo(tx);
        const schools = await d.examRepo(tx).schools(examId);
        const schoolByName = new Map(schools.map((s) => [s.name, s.id]));
        // only the schools the importer acts for are looked into: their 学号 are no oracle for others
        const own = new Set(schools.filter((s) => actsForSchool(p, e, s.id)).map((s) => s.id));
        const students = await repo.studentIndex([...own]);
        const current = await repo.current(examId);
        const byStudent = new Map(current.map((c) => [c.studentId, c]));
        const errors: ImportError[] = [...sheet.errors];
        const seenKaohao = new Map<string, number>();
        const seenStudent = new Map<number, number>();
        const adds = [];
        const updates = [];
        for (const { row, values } of sheet.rows) {
          const err = (column: string, message: string) => errors.push({ row, column, message });
          const before = errors.length;
          let schoolId = schools.length === 1 ? schools[0]!.id : undefined;
          if (values['学校']) schoolId = schoolByName.get(values['学校']);
          if (schoolId === undefined)
            err('学校', values['学校'] ? `学校“${values['学校']}”未参加本次考试` : '联考须填写学校');
          else if (!own.has(schoolId)) {
            err('学校', `您在“${values['学校'] ?? ''}”没有职务，不能导入该校考生`);
            schoolId = undefined;
          }
          const st = schoolId !== undefined ? students.get(`${schoolId}/${values['学号'] ?? ''}`) : undefined;
          if (schoolId !== undefined && !st) err('学号', `学号 ${values['学号'] || '（空）'} 在该校不存在`);
          const kaohao = values['考号'] ?? '';
          if (!/^[0-9A-Za-z-]{1,20}$/.test(kaohao))
            err('考号', kaohao ? '考号只能包含数字、字母和短横线' : '考号不能为空');
          else if (seenKaohao.has(kaohao)) err('考号', `考号与第 ${seenKaohao.get(kaohao)} 行重复`);
          else seenKaohao.set(kaohao, row);
          if (st && seenStudent.has(st.studentId))
            err('学号', `与第 ${seenStudent.get(st.studentId)} 行是同一名学生`);
          else if (st) seenStudent.set(st.studentId, row);
          const seatText = values['座位号'] ?? '';
          const seat = seatText ? Number(seatText) : null;
          if (seatText && !(Number.isInteger(seat) && seat! >= 1 && seat! <= 999))
            err('座位号', '座位号应为 1–999 的整数');
          const paperType = (values['试卷类型'] ?? '').toUpperCase() || null;
          if (paperType && paperType !== 'A' && paperType !== 'B') err('试卷类型', '试卷类型只能填写 A 或 B');
          if (errors.length > before || !st) continue;
          const rowData = { kaohao, kaochang: values['考场'] || null, seat, paperType };
          const existing = byStudent.get(st.studentId);
          if (existing) updates.push({ id: existing.id, ...rowData });
          else adds.push({ ...st, ...rowData });
        }
        // a kaohao kept by an examinee the file does not renumber must not be taken by another
        const renumbered = new Set(updates.map((u) => u.id));
        for (const c of current) {
          const row = seenKaohao.get(c.kaohao);
          if (row !== undefined && !renumbered.has(c.id))
            errors.push({ row, column: '考号', message: `考号 ${c.kaohao} 已被其他考生使用` });
        }
        if (errors.length) throw importErrors(errors, '请修改后重新导入');
        // a 试卷类型 changed scores its examinee with the other key: as setPaperType, not once published
        const typeOf = new Map(current.map((c) => [c.id, c.paperType]));
        if (updates.some((u) => (typeOf.get(u.id) ?? null) !== u.paperType))
          await assertExamineesEditable(tx, examId);
        await repo.updateMany(updates);
        await repo.insert(examId, adds);
        await d.examRepo(tx).updateExam(examId, { step: Math.max(e.step, 3) });
        await d.audit.record(tx, {
          action: 'examinee.import',
          examId,
          ...actor,
          detail: { added: adds.length, updated: updates.length },
        });
        return { added: adds.length, updated: updates.length };
      });
    },

    template: (): Promise<Buffer> =>
      writeSheet(
        '考生名单',
        ['学号', '考号', '学校', '考场', '座位号', '试卷类型'],
        [['20260101', '260101', '', '01', 1, 'A']],
        [14, 14, 18, 8, 8, 10],
      ),

    async exportExcel(examId: number): Promise<Buffer> {
      const all = await d.repo(d.db).all(examId);
      return writeSheet(
        '考生名单',
        ['姓名', '学号', '学校', '班级', '考号', '考场', '座位号', '试卷类型'],
        all.map((x) => [
          x.name,
          x.xuehao,
          x.schoolName,
          x.className,
          x.kaohao,
          x.kaochang ?? '',
          x.seat ?? '',
          x.paperType ?? '',
        ]),
        [10, 14, 18, 14, 14, 8, 8, 10],
      );
    },
  };
}
export type ExamineeService = ReturnType<typeof examineeService>;
