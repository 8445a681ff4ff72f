import {
  phone as phoneRule,
  type ImportError,
  type Paged,
  type TeacherCreated,
  type TeacherInput,
  type TeacherItem,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import { maskPhone, randomPassword } from '../../lib/crypto';
import { readImportSheet, writeSheet, importErrors } from '../../lib/excel';
import type { AuditService } from '../audit/audit.service';
import { hashPassword } from '../auth/password';
import type { SmsProvider } from '../auth/sms';
import type { UserAccounts } from './user-accounts';
import type { gradeRepo } from './grade.repo';
import type { teacherRepo, TeacherRow } from './teacher.repo';
import type { Actor } from '../../lib/actor';

const TEACHER_COLUMNS = ['姓名', '手机号'] as const;
const OPTIONAL = ['学科', '任教班级'] as const;
/** spec §5: teacher names are kept to 15 characters. */
const NAME_MAX = 15;

const toItem = (r: TeacherRow, showPhone: boolean): TeacherItem => ({
  ...r,
  phone: showPhone ? r.phone : maskPhone(r.phone),
});
const splitList = (s: string) =>
  s
    .split(/[,，、;；\s]+/)
    .map((x) => x.trim())
    .filter(Boolean);

export function teacherService(d: {
  db: Db;
  gradeRepo: typeof gradeRepo;
  repo: typeof teacherRepo;
  audit: AuditService;
  sms: SmsProvider;
  users: UserAccounts;
}) {
  /** Creates the account when the phone is new (with a one-time initial password), or links the existing one. */
  async function attach(tx: Db, schoolId: number, input: TeacherInput, initialHash: () => Promise<string>) {
    const users = d.users(tx);
    let u = await users.findByPhone(input.phone);
    let created = false;
    if (!u) {
      const byAccount = await users.findByLogin(input.phone);
      if (byAccount) throw fail('phoneTaken', { phone: input.phone });
      u = await users.insert({
        account: input.phone,
        phone: input.phone,
        name: input.name.slice(0, NAME_MAX),
        passwordHash: await initialHash(),
        mustChangePassword: true,
      });
      created = true;
    }
    await d.repo(tx).upsert(schoolId, u.id, input.subjects);
    const classIds = await d.repo(tx).liveClassIds(schoolId, input.classIds);
    if (classIds.length !== new Set(input.classIds).size) throw fail('teachingClassNotFound');
    await d.repo(tx).setClasses(schoolId, u.id, classIds);
    return { userId: u.id, created };
  }

  return {
    async list(
      schoolId: number,
      q: { page: number; size: number; keyword?: string; subject?: string },
      showPhone: boolean,
    ): Promise<Paged<TeacherItem>> {
      const r = await d.repo(d.db).list(schoolId, q);
      return { total: r.total, size: q.size, items: r.items.map((t) => toItem(t, showPhone)) };
    },

    /** Teachers of the given schools (those teaching `course` when given), for assigning exam roles. */
    async ofSchools(
      schoolIds: number[],
      course: string | undefined,
      showPhone: (schoolId: number) => boolean,
    ): Promise<Array<TeacherItem & { schoolId: number; schoolName: string }>> {
      const rows = await d.repo(d.db).ofSchools(schoolIds, course);
      return rows.map((r) => ({
        ...toItem(r, showPhone(r.schoolId)),
        schoolId: r.schoolId,
        schoolName: r.schoolName,
      }));
    },

    /** spec §5: the lookup fails when the phone is empty or the teacher found has no phone. */
    async findByPhone(schoolId: number, phone: string | undefined, showPhone: boolean): Promise<TeacherItem> {
      if (!phone) throw fail('phoneRequired');
      const t = await d.repo(d.db).findByPhone(schoolId, phone);
      if (!t) throw fail('teacherPhoneNotInSchool');
      if (!t.phone) throw fail('teacherPhoneMissing');
      return toItem(t, showPhone);
    },

    async addOne(schoolId: number, input: TeacherInput, actor: Actor): Promise<TeacherCreated> {
      const initialPassword = randomPassword();
      return d.db.transaction(async (tx) => {
        if (await d.repo(tx).findByPhone(schoolId, input.phone))
          throw fail('teacherPhoneInSchool', { phone: input.phone });
        const r = await attach(tx, schoolId, input, () => hashPassword(initialPassword));
        await d.audit.record(tx, {
          action: 'teacher.add',
          schoolId,
          ...actor,
          detail: { after: { ...input, userId: r.userId } },
        });
        return { userId: r.userId, initialPassword: r.created ? initialPassword : null };
      });
    },

    async update(
      schoolId: number,
      oldInfo: { userId: number; phone: string | null },
      newInfo: TeacherInput,
      actor: Actor,
    ): Promise<void> {
      const name = newInfo.name.slice(0, NAME_MAX);
      const rephoned = await d.db.transaction(async (tx) => {
        const current = await d.repo(tx).find(schoolId, oldInfo.userId);
        if (!current) throw fail('teacherNotFound');
        if (current.phone !== oldInfo.phone) throw fail('teacherEditedByOther');
        const identityChanged = name !== current.name.slice(0, NAME_MAX) || newInfo.phone !== current.phone;
        if (identityChanged) {
          // Another school (or the system) also relies on this account: only its owner may change who it is.
          if (await d.repo(tx).heldElsewhere(schoolId, current.userId)) throw fail('teacherInOtherSchools');
          if (newInfo.phone !== current.phone) {
            const users = d.users(tx);
            const other =
              (await users.findByPhone(newInfo.phone)) ?? (await users.findByLogin(newInfo.phone));
            if (other && other.id !== current.userId) throw fail('phoneTaken', { phone: newInfo.phone });
          }
          await d.users(tx).setNameAndPhone(current.userId, name, newInfo.phone);
        }
        await d.repo(tx).upsert(schoolId, current.userId, newInfo.subjects);
        const classIds = await d.repo(tx).liveClassIds(schoolId, newInfo.classIds);
        if (classIds.length !== new Set(newInfo.classIds).size) throw fail('teachingClassNotFound');
        await d.repo(tx).setClasses(schoolId, current.userId, classIds);
        await d.audit.record(tx, {
          action: 'teacher.update',
          schoolId,
          ...actor,
          target: `user:${current.userId}`,
          detail: {
            before: {
              name: current.name,
              phone: current.phone,
              subjects: current.subjects,
              classes: current.classes,
            },
            after: newInfo,
          },
        });
        return current.phone !== newInfo.phone ? current.phone : null;
      });
      // The old phone hears of the change, so a change the owner did not ask for does not go unnoticed.
      if (rephoned)
        await d.sms.send(
          rephoned,
          `您在阅卷平台的账号手机号已被学校管理员改为 ${maskPhone(newInfo.phone)}。如非本人知情，请立即联系学校。`,
        );
    },

    /** Ends the teaching role at this school; the account and its marking history stay. */
    async remove(schoolId: number, ids: number[] | 'all', actor: Actor): Promise<{ deleted: number }> {
      return d.db.transaction(async (tx) => {
        const removed = await d.repo(tx).softDelete(schoolId, ids);
        await d.audit.record(tx, {
          action: ids === 'all' ? 'teacher.deleteAll' : 'teacher.delete',
          schoolId,
          ...actor,
          detail: { userIds: removed },
        });
        return { deleted: removed.length };
      });
    },

    /** Excel import of 姓名, 手机号, 学科, 任教班级; all rows checked before anything is written. */
    async importExcel(
      schoolId: number,
      file: Buffer,
      actor: Actor,
    ): Promise<{ created: number; linked: number; initialPassword: string | null }> {
      const sheet = await readImportSheet(file, TEACHER_COLUMNS, OPTIONAL);
      const classes = await d.gradeRepo(d.db).classes(schoolId);
      const classByName = new Map<string, number[]>();
      for (const c of classes) classByName.set(c.name, [...(classByName.get(c.name) ?? []), c.id]);
      const errors: ImportError[] = [...sheet.errors];
      const inputs: TeacherInput[] = [];
      const seen = new Map<string, number>();
      for (const { row, values } of sheet.rows) {
        const before = errors.length;
        const name = values['姓名'] ?? '';
        const phone = values['手机号'] ?? '';
        if (!name) errors.push({ row, column: '姓名', message: '姓名不能为空' });
        if (!phoneRule.safeParse(phone).success)
          errors.push({ row, column: '手机号', message: phone ? '手机号格式不正确' : '手机号不能为空' });
        else if (seen.has(phone))
          errors.push({ row, column: '手机号', message: `手机号与第 ${seen.get(phone)} 行重复` });
        else seen.set(phone, row);
        const classIds: number[] = [];
        for (const cn of splitList(values['任教班级'] ?? '')) {
          const ids = classByName.get(cn) ?? [];
          if (ids.length !== 1)
            errors.push({
              row,
              column: '任教班级',
              message: ids.length ? `班级“${cn}”重名，请在系统中修改` : `班级“${cn}”不存在`,
            });
          else classIds.push(ids[0]!);
        }
        if (errors.length === before)
          inputs.push({ name, phone, subjects: splitList(values['学科'] ?? ''), classIds });
      }
      if (errors.length) throw importErrors(errors, '请修改后重新导入');
      const initialPassword = randomPassword();
      let hash: Promise<string> | null = null;
      return d.db.transaction(async (tx) => {
        let created = 0;
        for (const input of inputs) {
          const r = await attach(tx, schoolId, input, () => (hash ??= hashPassword(initialPassword)));
          if (r.created) created++;
        }
        await d.audit.record(tx, {
          action: 'teacher.import',
          schoolId,
          ...actor,
          detail: { rows: inputs.length, created },
        });
        return {
          created,
          linked: inputs.length - created,
          initialPassword: created ? initialPassword : null,
        };
      });
    },

    template: () =>
      writeSheet(
        '老师名单',
        [...TEACHER_COLUMNS, ...OPTIONAL],
        [['李老师', '13900000000', '数学', '高一(1)班,高一(2)班']],
        [12, 16, 16, 30],
      ),

    async exportExcel(schoolId: number): Promise<Buffer> {
      const all = await d.repo(d.db).all(schoolId);
      return writeSheet(
        '老师名单',
        [...TEACHER_COLUMNS, ...OPTIONAL],
        all.map((t) => [t.name, t.phone ?? '', t.subjects.join(','), t.classes.map((c) => c.name).join(',')]),
        [12, 16, 16, 30],
      );
    },
  };
}
export type TeacherService = ReturnType<typeof teacherService>;
