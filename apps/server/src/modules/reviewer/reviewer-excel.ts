import { ExamRole, type AssignImportResult, type ImportError, type Principal } from '@yj/contracts';
import { importErrors, readImportSheet, writeSheet } from '../../lib/excel';
import type { Actor } from '../../lib/actor';
import { assignContext, requireChangeable } from './reviewer-context';
import type { BlockWrite, ReviewerDeps, ReviewerService } from './reviewer.service';

const REQUIRED = ['手机号', '题块名称', '角色'] as const;
const OPTIONAL = ['任务量'] as const;
const ROLE_BY_TEXT: Record<string, number> = { 阅卷老师: ExamRole.reviewers, 题组长: ExamRole.leaders };
const ROLE_TEXT: Record<number, string> = { [ExamRole.reviewers]: '阅卷老师', [ExamRole.leaders]: '题组长' };

interface ValidRow {
  phone: string;
  blockId: number;
  role: number;
  quota: number | null;
}

/** Checks the rows against the subject's blocks; phones are checked against people afterwards. */
function validateRows(
  rows: Array<{ row: number; values: Record<string, string> }>,
  blocks: Map<string, number>,
) {
  const errors: ImportError[] = [];
  const valid: Array<ValidRow & { row: number }> = [];
  const seen = new Map<string, number>();
  for (const { row, values } of rows) {
    const e = (column: string, message: string) => errors.push({ row, column, message });
    const before = errors.length;
    const phone = (values['手机号'] ?? '').trim();
    const blockName = (values['题块名称'] ?? '').trim();
    const roleText = (values['角色'] ?? '').trim();
    const quotaText = (values['任务量'] ?? '').trim();
    if (!phone) e('手机号', '手机号不能为空');
    else if (!/^1\d{10}$/.test(phone)) e('手机号', '手机号应为 11 位数字');
    if (!blockName) e('题块名称', '题块名称不能为空');
    else if (!blocks.has(blockName)) e('题块名称', `题块“${blockName}”不存在，请先在题块设置中添加`);
    const role = ROLE_BY_TEXT[roleText];
    if (role === undefined) e('角色', '角色只能填写“阅卷老师”或“题组长”');
    const quota = quotaText ? Number(quotaText) : null;
    if (quota !== null && (!Number.isInteger(quota) || quota < 1 || quota > 1_000_000))
      e('任务量', '任务量应为 1 到 1000000 之间的整数');
    else if (quota !== null && role === ExamRole.leaders) e('任务量', '题组长不设任务量，请留空');
    const key = `${phone}/${blockName}/${roleText}`;
    if (errors.length === before && seen.has(key)) e('手机号', `与第 ${seen.get(key)} 行重复`);
    if (errors.length === before) {
      seen.set(key, row);
      valid.push({ row, phone, blockId: blocks.get(blockName)!, role: role!, quota });
    }
  }
  return { errors, valid };
}

/** Excel of an assignment: 手机号, 题块名称, 角色 (阅卷老师/题组长), 任务量. */
export function reviewerExcel(d: ReviewerDeps & { reviewers: ReviewerService }) {
  return {
    /**
     * Every row checked first; with any error nothing is written. Each block named in the file gets the
     * file's markers and leaders (its other people removed); blocks not named keep theirs.
     */
    async importExcel(
      subjectId: number,
      file: Buffer,
      p: Principal,
      actor: Actor,
    ): Promise<AssignImportResult> {
      const sheet = await readImportSheet(file, REQUIRED, OPTIONAL);
      const ctx = await assignContext(d.exams, subjectId, p);
      requireChangeable(ctx);
      const repo = d.repo(d.db);
      const blocks = await repo.blocksOf(subjectId);
      const badRows = new Set(sheet.errors.map((e) => e.row));
      const { errors, valid } = validateRows(
        sheet.rows.filter((r) => !badRows.has(r.row)),
        new Map(blocks.map((b) => [b.name, b.id])),
      );
      const users = new Map(
        (await repo.usersByPhone([...new Set(valid.map((r) => r.phone))])).map((u) => [u.phone!, u.id]),
      );
      const { items } = await repo.candidates(
        { examId: ctx.examId, subjectId, schoolIds: ctx.actingSchoolIds, userIds: [...users.values()] },
        { offset: 0, limit: users.size || 1 },
      );
      const eligible = new Set(items.map((c) => c.userId));
      for (const r of valid) {
        const u = users.get(r.phone);
        if (u === undefined)
          errors.push({ row: r.row, column: '手机号', message: `没有手机号为 ${r.phone} 的账号` });
        else if (!eligible.has(u))
          errors.push({ row: r.row, column: '手机号', message: `手机号 ${r.phone} 不是参考学校的老师` });
      }
      const all = [...sheet.errors, ...errors];
      if (all.length) throw importErrors(all, '请修改后重新导入');
      const writes = new Map<number, BlockWrite>();
      for (const r of valid) {
        const w = writes.get(r.blockId) ?? { markers: [], leaders: [] };
        const userId = users.get(r.phone)!;
        if (r.role === ExamRole.reviewers) w.markers.push({ userId, quota: r.quota });
        else w.leaders.push(userId);
        writes.set(r.blockId, w);
      }
      return d.db.transaction(async (tx) => {
        let rolesAdded = 0;
        for (const [blockId, w] of writes) {
          const b = await d.reviewers.requireBlock(tx, subjectId, blockId);
          rolesAdded += (await d.reviewers.writeBlock(tx, ctx, b, w, p, actor)).rolesAdded;
        }
        const count = (role: number) => valid.filter((r) => r.role === role).length;
        return {
          blocks: writes.size,
          markers: count(ExamRole.reviewers),
          leaders: count(ExamRole.leaders),
          rolesAdded,
        };
      });
    },

    /** The current assignment, in the import's columns (with name and school to read it by). */
    async exportExcel(subjectId: number, p: Principal): Promise<Buffer> {
      const list = await d.reviewers.list(subjectId, p);
      const rows = list.blocks.flatMap((b) =>
        [
          ...b.markers.map((m) => [m, ExamRole.reviewers] as const),
          ...b.leaders.map((m) => [m, ExamRole.leaders] as const),
        ].map(([m, role]) => [
          m.phone ?? '',
          b.name,
          ROLE_TEXT[role]!,
          m.quota ?? '',
          m.name,
          m.schoolName ?? '',
        ]),
      );
      return writeSheet(
        '阅卷分配',
        [...REQUIRED, ...OPTIONAL, '姓名', '学校'],
        rows,
        [16, 16, 12, 10, 12, 20],
      );
    },
  };
}
export type ReviewerExcel = ReturnType<typeof reviewerExcel>;
