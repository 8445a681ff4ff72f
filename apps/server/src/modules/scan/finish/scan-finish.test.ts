import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MissedExamPage,
  ScanSchoolStatus,
  SchoolScanProgress,
  SubjectScanProgress,
} from '@yj/contracts';
import { orderlyStudent, typicalCard, type SheetAnswers } from '@yj/scan-sim';
import {
  absence,
  auditLog,
  examRole,
  examSchool,
  paper,
  scanBatch,
  scanFinish,
  scanPage,
} from '../../../db/schema';
import { body, testApp, type TestApp, type Client } from '../../../../test/app';
import { postScans } from '../../../../test/multipart';
import { buildScanScene, scanExceptions, untilRecognised } from '../../../../test/scan';
import { buildClassOfExaminees, buildSchool, buildUser, signInAs } from '../../../../test/factories';
import { otherSchoolAdmin } from '../../../../test/school-scene';

// Absence records, 扫描完成 per school, chunked uploads into one batch and uploadorigin (issue 6).
// School A has K[0..3]; school B joins the exam with K[4] and K[5].

type File = { name: string; data: Buffer };

let t: TestApp;
let admin: Client;
let examId: number;
let subjectId: number;
let schoolA: number;
let schoolB: number;
const card = typicalCard();
const K = ['20260001', '20260002', '20260003', '20260004', '20260005', '20260006'];
const ids: Record<string, number> = {};

/** A student's two pages as files' contents, edited by `edit` on the front. */
async function sheet(seed: number, kaohao: string, edit?: (a: SheetAnswers) => void) {
  const { front, back } = await orderlyStudent(card, seed, kaohao, { front: edit });
  return [front.jpeg, back.jpeg];
}

async function upload(files: File[], fields: Record<string, string> = {}, path = 'answerCard', c = admin) {
  return body<{ batchId: number; pages: number; accepted: number; duplicates: number; papers: number }>(
    await postScans(t.app, c.cookie, subjectId, files, fields, path),
  );
}

const recognised = () => untilRecognised(t.database.db, subjectId);

const post = (path: string, b: object, c = admin) =>
  c.post(`/filter/api/subject/${subjectId}/${path}`, b).then((r) => body<Record<string, unknown>>(r));
const missed = async (status = 'missing') =>
  body<MissedExamPage>(await admin.get(`/filter/api/subject/${subjectId}/missedExamDetail?status=${status}`))
    .data;
const schools = async () =>
  body<ScanSchoolStatus[]>(await admin.get(`/filter/api/subject/${subjectId}/scan/schools`)).data;
const audits = (action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.examId, examId), like(auditLog.action, action)));
const absentRows = () => t.database.db.select().from(absence).where(eq(absence.subjectId, subjectId));

beforeAll(async () => {
  t = await testApp();
  // the first four examinees in the exam's own school, the last two in a second one
  const opts = { name: '扫描完成考试', course: '数学', fullScore: 150 };
  const scene = await buildScanScene(t, card, opts, K.slice(0, 4));
  ({ admin, examId, subjectId, schoolId: schoolA } = scene);
  schoolB = (await buildSchool(t.database.db)).id;
  await t.database.db.insert(examSchool).values({ examId, schoolId: schoolB });
  const inB = await buildClassOfExaminees(t.database.db, { examId, schoolId: schoolB }, K.slice(4));
  Object.assign(ids, scene.ids, inB.ids);
  const present = await sheet(300, K[0]!);
  const absent = await sheet(310, K[1]!, (a) => {
    a.absent = true;
  });
  const res = await upload(
    [...present, ...absent].map((data, i) => ({ name: `${i + 1}.jpg`, data })),
    { schoolId: String(schoolA) },
  );
  expect(res.code, res.message).toBe(0);
  await recognised();
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('absence', () => {
  it('a confirmed absent mark writes the absence record; the lists count 实考 / 缺考 / 未扫 apart', async () => {
    const before = await missed();
    expect(before.items.map((x) => x.kaohao)).toEqual([K[2], K[3], K[4], K[5]]);
    expect(before.summary).toEqual({ examinees: 6, present: 2, absent: 0, missing: 4 });

    const [ex] = await scanExceptions(admin, subjectId, { type: 'absent', resolved: false });
    const res = await post('scan/fix/absent', { exceptionId: ex!.id, absent: true });
    expect(res.code, res.message).toBe(0);
    expect((await absentRows()).map((x) => x.examineeId)).toEqual([ids[K[1]!]]);
    expect((await audits('scan.fix.absent'))[0]?.detail).toMatchObject({
      after: { absentMarked: true, absenceOf: ids[K[1]!] },
    });

    const absentList = await missed('absent');
    expect(absentList.items).toMatchObject([{ kaohao: K[1], absent: true, scanned: true }]);
    expect(absentList.summary).toEqual({ examinees: 6, present: 1, absent: 1, missing: 4 });
    const [row] = body<SubjectScanProgress[]>(
      await admin.get(`/filter/api/exam/${examId}/allScanProgress`),
    ).data;
    expect(row).toMatchObject({ present: 1, absent: 1, missing: 4, schools: 2, finishedSchools: 0 });
  });

  it('marks examinees whose sheet never came absent by hand, refuses one with a sheet, and undoes', async () => {
    const scanned = await post('scan/absence', { examineeIds: [ids[K[0]!]], absent: true });
    expect(scanned.message).toBe(`考生 学生1（${K[0]}）已有答题卡，不能标记缺考`);
    const res = await post('scan/absence', { examineeIds: [ids[K[2]!], ids[K[3]!]], absent: true });
    expect(res.code, res.message).toBe(0);
    expect((await missed()).items.map((x) => x.kaohao)).toEqual([K[4], K[5]]);
    expect((await missed('all')).total).toBe(5);

    expect((await post('scan/absence', { examineeIds: [ids[K[3]!]], absent: false })).code).toBe(0);
    expect((await missed()).items.map((x) => x.kaohao)).toEqual([K[3], K[4], K[5]]);
    const [mark] = await audits('scan.absence.mark');
    expect(mark?.detail).toMatchObject({
      before: [
        { examineeId: ids[K[2]!], absent: false },
        { examineeId: ids[K[3]!], absent: false },
      ],
    });
    expect((await audits('scan.absence.clear'))[0]?.detail).toMatchObject({
      after: [{ examineeId: ids[K[3]!], absent: false }],
    });
    const stranger = await otherSchoolAdmin(t);
    expect((await post('scan/absence', { examineeIds: [ids[K[3]!]], absent: true }, stranger)).message).toBe(
      '无权限',
    );
  });
});

describe('扫描完成 per school', () => {
  it('is refused while an examinee is neither scanned nor absent, then confirmed with the counts it saw', async () => {
    const a = (await schools()).find((x) => x.schoolId === schoolA)!;
    expect(a).toMatchObject({ present: 1, absent: 2, missing: 1, exceptions: 0, finished: null });
    expect(a.blockers).toEqual(['还有 1 名考生既未扫描也未登记缺考']);
    const refused = await post('scan/finish', { schoolId: schoolA });
    expect(refused.message).toBe('不能确认扫描完成：还有 1 名考生既未扫描也未登记缺考');

    expect((await post('scan/absence', { examineeIds: [ids[K[3]!]], absent: true })).code).toBe(0);
    const res = await post('scan/finish', { schoolId: schoolA });
    expect(res.code, res.message).toBe(0);
    const [row] = await t.database.db.select().from(scanFinish).where(eq(scanFinish.subjectId, subjectId));
    expect(row).toMatchObject({
      schoolId: schoolA,
      counts: { examinees: 4, present: 1, absent: 3, missing: 0, exceptions: 0 },
    });
    expect((await audits('scan.finish'))[0]?.detail).toMatchObject({
      schoolId: schoolA,
      after: { finished: true },
    });
    expect((await post('scan/finish', { schoolId: schoolA })).message).toBe('该校本科目已确认扫描完成');
    const b = (await schools()).find((x) => x.schoolId === schoolB)!;
    expect(b.blockers).toEqual(['还有 2 名考生既未扫描也未登记缺考']);
  });

  it('refuses uploads and absence changes for the finished school, shows it, and reopens', async () => {
    const again = await sheet(320, K[3]!);
    const files = again.map((data, i) => ({ name: `${i + 1}.jpg`, data }));
    const refusal = '该校本科目已确认扫描完成，不能再上传或修改；如需补扫，请先重新打开扫描';
    expect((await upload(files, { schoolId: String(schoolA) })).message).toBe(refusal);
    expect((await post('scan/absence', { examineeIds: [ids[K[3]!]], absent: false })).message).toBe(refusal);
    const [batch] = await t.database.db.select().from(scanBatch).where(eq(scanBatch.subjectId, subjectId));
    expect((await post('scan/fix/rerecognise', { batchId: batch!.id })).message).toBe(refusal);

    const [progress] = body<SubjectScanProgress[]>(
      await admin.get(`/filter/api/exam/${examId}/allScanProgress`),
    ).data;
    expect(progress).toMatchObject({ finishedSchools: 1, schools: 2 });
    const perSchool = body<SchoolScanProgress[]>(
      await admin.get(`/filter/api/schoolExamineeProgress/${examId}?subjectId=${subjectId}`),
    ).data;
    expect(perSchool.map((x) => [x.schoolId, x.scanFinished, x.absent])).toEqual([
      [schoolA, true, 3],
      [schoolB, false, 0],
    ]);
    // over every subject the counts are answer sheets that add up, not averages rounded down
    const allSubjects = body<SchoolScanProgress[]>(
      await admin.get(`/filter/api/schoolExamineeProgress/${examId}`),
    ).data;
    const subjects = body<SubjectScanProgress[]>(
      await admin.get(`/filter/api/exam/${examId}/allScanProgress`),
    ).data.length;
    for (const x of allSubjects) {
      expect(x.sheets).toBe(x.examinees * subjects);
      expect(x.scanned + x.absent + x.missing).toBe(x.sheets);
    }
    expect(allSubjects.find((x) => x.schoolId === schoolA)).toMatchObject({ absent: 3 });

    const res = await post('scan/reopen', { schoolId: schoolA });
    expect(res.code, res.message).toBe(0);
    expect(await t.database.db.select().from(scanFinish).where(eq(scanFinish.subjectId, subjectId))).toEqual(
      [],
    );
    expect((await audits('scan.reopen'))[0]?.detail).toMatchObject({
      before: { finished: true, counts: { absent: 3 } },
      after: { finished: false },
    });
    expect((await post('scan/reopen', { schoolId: schoolA })).message).toBe('该校本科目尚未确认扫描完成');
    expect((await post('scan/absence', { examineeIds: [ids[K[3]!]], absent: false })).code).toBe(0);
  });
});

describe('chunks of one batch', () => {
  it('continues an open batch of the same user and school; a retried chunk duplicates no page', async () => {
    const first = (await sheet(330, K[4]!)).map((data, i) => ({ name: `${i + 1}.jpg`, data }));
    const second = (await sheet(340, '20269999')).map((data, i) => ({ name: `${i + 3}.jpg`, data }));
    const a = await upload(first, { schoolId: String(schoolB) });
    expect(a.code, a.message).toBe(0);
    const b = await upload(second, { schoolId: String(schoolB), batchId: String(a.data.batchId) });
    expect(b.code, b.message).toBe(0);
    expect(b.data).toMatchObject({ batchId: a.data.batchId, accepted: 2, papers: 1 });
    const retried = await upload(second, { schoolId: String(schoolB), batchId: String(a.data.batchId) });
    expect(retried.data).toMatchObject({ batchId: a.data.batchId, accepted: 0, duplicates: 2, papers: 0 });

    const [batch] = await t.database.db.select().from(scanBatch).where(eq(scanBatch.id, a.data.batchId));
    expect(batch).toMatchObject({ fileCount: 6, pageCount: 6, duplicateCount: 2 });
    const pages = await t.database.db.select().from(scanPage).where(eq(scanPage.batchId, a.data.batchId));
    expect(pages.map((x) => x.seq).sort()).toEqual([0, 1, 2, 3]);
    const papers = await t.database.db.select().from(paper).where(eq(paper.batchId, a.data.batchId));
    expect(papers.map((x) => x.seq).sort()).toEqual([0, 1]);

    // another school, or another user, cannot add to this batch
    const wrongSchool = await upload(second, { schoolId: String(schoolA), batchId: String(a.data.batchId) });
    expect(wrongSchool.message).toBe('只能继续上传自己在同一学校上传的批次');
    const u = await buildUser(t.database.db);
    await t.database.db
      .insert(examRole)
      .values({ examId, subjectId, schoolId: schoolB, userId: u.id, role: 2 });
    const scanner = await signInAs(t, u);
    const theirs = await upload(
      second,
      { schoolId: String(schoolB), batchId: String(a.data.batchId) },
      'answerCard',
      scanner,
    );
    expect(theirs.message).toBe('只能继续上传自己在同一学校上传的批次');
    await recognised();
  });

  it('offers a scanner of one school only that school in the picker', async () => {
    const u = await buildUser(t.database.db);
    await t.database.db
      .insert(examRole)
      .values({ examId, subjectId, schoolId: schoolA, userId: u.id, role: 2 });
    const scanner = await signInAs(t, u);
    const list = body<ScanSchoolStatus[]>(
      await scanner.get(`/filter/api/subject/${subjectId}/scan/schools`),
    ).data;
    expect(list.map((x) => x.schoolId)).toEqual([schoolA]);
    expect((await schools()).map((x) => x.schoolId)).toEqual([schoolA, schoolB]);
    const one = (await sheet(350, K[3]!)).map((data, i) => ({ name: `${i + 1}.jpg`, data }));
    expect((await upload(one, { schoolId: String(schoolB) }, 'answerCard', scanner)).message).toBe('无权限');
  });
});

describe('uploadorigin', () => {
  it('takes one file per selected student, named by the 考号, and gives each sheet to its student', async () => {
    const [front, back] = await sheet(360, '20260000');
    const tif = await sharp([front!, back!], { join: { animated: true } })
      .tiff()
      .toBuffer();
    const k5 = { examineeIds: String(ids[K[5]!]), schoolId: String(schoolB) };
    const cases: Array<[File[], Record<string, string>, string]> = [
      [[{ name: 'a.tif', data: tif }], k5, '图片名称只能为数字'],
      [
        [
          { name: `${K[5]}.tif`, data: tif },
          { name: '1.tif', data: tif },
        ],
        k5,
        '文件数量（2）与所选学生数量（1）不一致',
      ],
      [[{ name: '123.tif', data: tif }], k5, '图片“123.tif”的名称与所选考生的考号不对应'],
      [
        [{ name: `${K[5]}.jpg`, data: front! }],
        k5,
        `文件“${K[5]}.jpg”有 1 页，与答题卡模板的页数（2）不一致`,
      ],
      [
        [{ name: `${K[0]}.tif`, data: tif }],
        { examineeIds: String(ids[K[0]!]), schoolId: String(schoolA) },
        `考生 学生1（${K[0]}）已有答题卡`,
      ],
    ];
    for (const [files, fields, message] of cases)
      expect((await upload(files, fields, 'uploadorigin')).message).toBe(message);

    const res = await upload([{ name: `${K[5]}.tif`, data: tif }], k5, 'uploadorigin');
    expect(res.code, res.message).toBe(0);
    await recognised();
    const [p] = await t.database.db.select().from(paper).where(eq(paper.examineeId, ids[K[5]!]!));
    // the sheet's own exam number (20260000) is not on the list: the file's name decided
    expect(p).toMatchObject({ kaohao: K[5], status: 'ok' });
    expect((await missed()).items.map((x) => x.kaohao)).toEqual([K[3]]);
  });
});

describe('a sheet of a student recorded absent by hand', () => {
  it('is matched but raised as a 缺考 doubt; clearing the mark makes the student 实考', async () => {
    expect((await post('scan/absence', { examineeIds: [ids[K[3]!]], absent: true })).code).toBe(0);
    const files = (await sheet(370, K[3]!)).map((data, i) => ({ name: `${i + 1}.jpg`, data }));
    const res = await upload(files, { schoolId: String(schoolA) });
    expect(res.code, res.message).toBe(0);
    await recognised();
    const open = await scanExceptions(admin, subjectId, { type: 'absent', resolved: false });
    expect(open.map((e) => e.reason)).toEqual([
      '该考生已登记缺考，但扫描到了答题卡：确认缺考，或清除缺考标记',
    ]);
    // confirmed 缺考 first, then the batch is recognised again: the sheet still shows no mark, so the
    // recorded absence is a doubt again (never silently kept against a scanned sheet)
    const keep = await post('scan/fix/absent', { exceptionId: open[0]!.id, absent: true });
    expect(keep.code, keep.message).toBe(0);
    expect((await absentRows()).map((x) => x.examineeId)).toContain(ids[K[3]!]);
    const again = await post('scan/fix/rerecognise', { batchId: res.data.batchId });
    expect(again.code, again.message).toBe(0);
    await recognised();
    const reopened = await scanExceptions(admin, subjectId, { type: 'absent', resolved: false });
    expect(reopened.map((e) => e.reason)).toEqual([
      '该考生已登记缺考，但扫描到了答题卡：确认缺考，或清除缺考标记',
    ]);
    const fix = await post('scan/fix/absent', { exceptionId: reopened[0]!.id, absent: false });
    expect(fix.code, fix.message).toBe(0);
    expect((await absentRows()).map((x) => x.examineeId)).not.toContain(ids[K[3]!]);
    expect((await missed()).items).toEqual([]);
  });
});
