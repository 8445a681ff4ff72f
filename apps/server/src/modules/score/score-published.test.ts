import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUBJECT_STATE_FORBIDS, SubjectStatus } from '@yj/contracts';
import { absence, blockScore, examinee, question, score } from '../../db/schema';
import { body, XHR } from '../../../test/app';
import { multipartFile, xlsx } from '../../../test/excel';
import { buildScoreScene } from '../../../test/score';
import { appFixture } from '../../../test/app-fixture';

// A published subject refuses every change of a score or of who counts, each through the lifecycle table
// (SUBJECT_OPERATIONS): nothing is written; after 取消发布 the same changes go through.
const t = appFixture();
let s: Awaited<ReturnType<typeof buildScoreScene>>;
let url: string;
beforeAll(async () => {
  s = await buildScoreScene(t.app, t.database.db, 3);
  url = `/filter/api/subject/${s.subjectId}`;
  // two marked sheets (the second one 违纪), the third examinee registered 缺考
  for (const e of s.examinees.slice(0, 2)) {
    const p = await s.addPaper(e.id, { '1': ['B'] });
    await s.addBlockScore(p.id, { '21': 4, '22': 3, '23': 0 });
  }
  const ok = async (r: Awaited<ReturnType<typeof s.admin.post>>) => expect(body(r).message).toBe('success');
  await ok(await s.admin.post(`/filter/api/subject/${s.subjectId}/absent`, { ids: [e(2)], absent: true }));
  await s.setStatus(SubjectStatus.done);
  await ok(await s.admin.post(`${url}/score/irregular`, { examineeId: e(1), reason: '夹带' }));
  await s.recompute();
  await s.setStatus(SubjectStatus.published);
}, 60_000);

const e = (i: number) => s.examinees[i]!.id;

/** Everything a refused change could have touched. */
async function snapshot() {
  const db = t.database.db;
  return {
    scores: await db
      .select({
        examineeId: score.examineeId,
        total: score.total,
        absent: score.absent,
        irregular: score.irregular,
        questionScores: score.questionScores,
      })
      .from(score)
      .where(eq(score.subjectId, s.subjectId))
      .orderBy(asc(score.examineeId)),
    absent: await db.select().from(absence).where(eq(absence.subjectId, s.subjectId)),
    examinees: await db
      .select({ id: examinee.id, kaohao: examinee.kaohao, paperType: examinee.paperType })
      .from(examinee)
      .where(eq(examinee.examId, s.examId))
      .orderBy(asc(examinee.id)),
    keys: await db
      .select({ no: question.no, answer: question.answer })
      .from(question)
      .where(eq(question.subjectId, s.subjectId))
      .orderBy(asc(question.no)),
    marks: await db.select().from(blockScore).where(eq(blockScore.subjectId, s.subjectId)),
  };
}

const importScores = async () => {
  const m = multipartFile(
    '成绩.xlsx',
    await xlsx([
      ['考号', '姓名', '成绩'],
      [s.examinees[0]!.kaohao, '', 10],
    ]),
  );
  return t.app.inject({
    method: 'POST',
    url: `${url}/score/import`,
    headers: { ...XHR, cookie: s.admin.cookie, ...m.headers },
    payload: m.payload,
  });
};

describe('a published subject', () => {
  it('refuses each change of a score or of who counts, and writes nothing', async () => {
    const before = await snapshot();
    expect(before.scores.map((r) => [r.absent, r.irregular])).toEqual([
      [false, false],
      [false, true],
      [true, false],
    ]);
    const named = `数学：${SUBJECT_STATE_FORBIDS}`;
    const examineeUrl = `/filter/api/exam/${s.examId}/examinees`;
    const refused: Array<[string, Promise<Awaited<ReturnType<typeof s.admin.post>>>, string?]> = [
      ['缺考登记', s.admin.post(`${url}/absent`, { ids: [e(0)], absent: true })],
      ['缺考登记撤销', s.admin.post(`${url}/absent`, { ids: [e(2)], absent: false })],
      ['扫描 标记缺考', s.admin.post(`${url}/scan/absence`, { examineeIds: [e(2)], absent: false })],
      ['违纪', s.admin.post(`${url}/score/irregular`, { examineeId: e(0), reason: '夹带' })],
      ['违纪撤销', s.admin.post(`${url}/score/irregular/cancel`, { examineeId: e(1) })],
      [
        '考号调整',
        s.admin.post(`${url}/score/adjust/kaohao`, {
          examineeId: e(0),
          kaohao: '99990001',
          reason: '填涂错误',
        }),
      ],
      [
        '成绩调整',
        s.admin.post(`${url}/score/adjust`, { examineeId: e(0), questionNo: '21', score: 9, reason: '复核' }),
      ],
      ['重新计算', s.admin.post(`${url}/score/recompute`)],
      [
        '答案',
        s.admin.post(`/filter/api/api/subject/${s.subjectId}/setting/questions/answer`, {
          answers: [{ no: '1', answer: 'A' }],
        }),
      ],
      ['成绩导入', importScores()],
      // exam-wide: the refusal names the published subject
      ['试卷类型', s.admin.post(`${examineeUrl}/paperType`, { ids: [e(0)], paperType: 'B' }), named],
      ['删除考生', s.admin.call('DELETE', examineeUrl, { ids: [e(0)] }), named],
      ['打回', s.admin.post(`/filter/api/marking/block/${s.blockId}/remark`, { taskIds: [1] })],
      [
        '重置阅卷',
        s.admin.post(`${url}/resetting`, { blockId: s.blockId, reason: '重评' }),
        '成绩已发布，不能重置阅卷',
      ],
    ];
    for (const [what, sent, message] of refused)
      expect([what, body(await sent).message]).toEqual([what, message ?? SUBJECT_STATE_FORBIDS]);
    expect(await snapshot()).toEqual(before);
  });

  it('takes the same changes after 取消发布', async () => {
    const back = body<{ status: number }>(await s.admin.post(`${url}/score/release/cancel`));
    expect(back.data.status).toBe(SubjectStatus.done);
    expect(body(await s.admin.post(`${url}/absent`, { ids: [e(2)], absent: false })).code).toBe(0);
    const adjusted = body(
      await s.admin.post(`${url}/score/adjust`, {
        examineeId: e(0),
        questionNo: '21',
        score: 9,
        reason: '复核',
      }),
    );
    expect(adjusted.code).toBe(0);
    expect(body(await s.admin.post(`${url}/score/irregular/cancel`, { examineeId: e(1) })).code).toBe(0);
    const paperType = s.admin.post(`/filter/api/exam/${s.examId}/examinees/paperType`, {
      ids: [e(0)],
      paperType: 'A',
    });
    expect(body(await paperType).message).toBe('success');
    const rows = (await snapshot()).scores;
    // 缺考 taken back: the third examinee has no sheet, so no figure; the second counts again
    expect(rows.map((r) => [r.absent, r.irregular])).toEqual([
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect(rows[0]!.questionScores['21']).toBe(9);
  });
});
