import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { abMappingProblems, parseQuickEntry, SUBJECT_STATE_FORBIDS, type Structure } from '@yj/contracts';
import { auditLog } from '../../db/schema';
import { subject } from '../../db/schema';
import type { Client } from '../../../test/app';
import { body } from '../../../test/app';
import { subjectFixture } from '../../../test/subject-fixture';

const fx = subjectFixture({ name: '结构考试', course: '数学', fullScore: 100 });
/** The subjective questions the structure tests save: 13 and 14 (20 each, 14 in halves), 15 and 16 (10 each). */
const SUBJECTIVE = [
  { no: '13', score: 20 },
  { no: '14', score: 20, step: 0.5 },
  { no: '15', score: 10 },
  { no: '16', score: 10 },
];

const save = (c: Client, tag: string, payload: object) =>
  c.post(`/filter/api/api/subject/${fx.subjectId}/setting/questions/${tag}`, payload);
/** The AB卷 tab saved by the administrator with A/B on and these objective questions' B numbers / options. */
const saveAb = async <T = unknown>(objective: object[]) =>
  body<T>(await save(fx.admin, 'ab', { abEnabled: true, objective }));
type Info = {
  totals: { total: number; objective: number; subjective: number };
  structure: { objective: Array<{ no: string; answer: string }> };
  editable: boolean;
};

describe('question structure of a subject', () => {
  it('saves quick-entered objective questions, subjective questions and an optional group; totals follow', async () => {
    const quick = parseQuickEntry('1-10 单选 A-D 每题3分\n11-12 多选 A-D 每题5分 少选2分');
    if (!quick.ok) throw new Error(quick.error);
    expect(body(await save(fx.admin, 'objective', { questions: quick.questions })).code).toBe(0);
    expect(body(await save(fx.admin, 'subjective', { questions: SUBJECTIVE })).code).toBe(0);
    const info = body<Info>(
      await save(fx.admin, 'optional', { groups: [{ name: '选做题', pick: 1, nos: ['15', '16'] }] }),
    ).data;
    expect(info.totals).toMatchObject({ objective: 40, subjective: 50, total: 90 });
    const judge = body<{ ok: boolean; problems: string[] }>(
      await fx.admin.post('/filter/api/subject/judge/strucTemplate', { subjectId: fx.subjectId }),
    ).data;
    expect(judge.problems).toEqual([
      '题目总分 90 分（客观 40 + 主观 50）与科目满分 100 分不一致，相差 10 分',
      '客观题 1、2、3、4、5、6、7、8、9、10 等 尚未设置答案',
    ]);
  });

  it('sets answer keys, refusing ones outside the options', async () => {
    const answers = [...'ABCDABCDAB'].map((a, i) => ({ no: String(i + 1), answer: a }));
    const bad = body(await save(fx.admin, 'answer', { answers: [{ no: '1', answer: 'E' }] }));
    expect(bad.message).toBe('第 1 题答案超出选项 A-D');
    expect(
      body(
        await save(fx.admin, 'answer', {
          answers: [...answers, { no: '11', answer: 'AC' }, { no: '12', answer: 'BD' }],
        }),
      ).code,
    ).toBe(0);
    const keys = body<Array<{ no: string; answer: string }>>(
      await fx.admin.get(`/filter/yue/subject/${fx.subjectId}/setting/answer/objective`),
    ).data;
    expect(keys.map((k) => k.answer).join(',')).toBe('A,B,C,D,A,B,C,D,A,B,AC,BD');
  });

  it('refuses structure edits once the subject left 设置中, but still takes answer keys', async () => {
    await fx.t.database.db.update(subject).set({ status: 3 }).where(eq(subject.id, fx.subjectId));
    expect(body(await save(fx.admin, 'subjective', { questions: [{ no: '13', score: 30 }] })).message).toBe(
      SUBJECT_STATE_FORBIDS,
    );
    expect(body(await save(fx.admin, 'answer', { answers: [{ no: '1', answer: 'D' }] })).code).toBe(0);
    const info = body<Info>(
      await fx.admin.get(`/filter/yue/api/subject/${fx.subjectId}/setting/questions/info`),
    ).data;
    expect(info.editable).toBe(false);
    expect(info.structure.objective[0]?.answer).toBe('D');
    await fx.t.database.db.update(subject).set({ status: 0 }).where(eq(subject.id, fx.subjectId));
  });

  it('keeps the 评分标准 of subjective questions: changed while marking, kept by a structure save', async () => {
    type Subj = { structure: { subjective: Array<{ no: string; answer?: string }> } };
    const standardOf = (i: Subj, no: string) => i.structure.subjective.find((q) => q.no === no)?.answer;
    const r = body<Subj>(
      await save(fx.admin, 'standard', {
        standards: [{ no: '13', answer: '  列出方程 2 分；\n解得 x=3 得 3 分  ' }],
      }),
    );
    expect(r.code, r.message).toBe(0);
    expect(standardOf(r.data, '13')).toBe('列出方程 2 分；\n解得 x=3 得 3 分');
    expect(body(await save(fx.admin, 'standard', { standards: [{ no: '1', answer: 'A' }] })).message).toBe(
      '主观题 1 不存在，请先保存主观题',
    );
    expect(
      body(await save(fx.admin, 'standard', { standards: [{ no: '13', answer: 'x'.repeat(2001) }] })).code,
    ).toBe(1);
    // the same structure saved again: the standard stays
    const kept = body<Subj>(await save(fx.admin, 'subjective', { questions: SUBJECTIVE })).data;
    expect(standardOf(kept, '13')).toBe('列出方程 2 分；\n解得 x=3 得 3 分');
    // marking under way: the structure is frozen, the standard may still be refined
    await fx.t.database.db.update(subject).set({ status: 3 }).where(eq(subject.id, fx.subjectId));
    const later = body<Subj>(
      await save(fx.admin, 'standard', { standards: [{ no: '14', answer: '要点三个，各 2 分' }] }),
    );
    expect(later.code, later.message).toBe(0);
    expect(standardOf(later.data, '14')).toBe('要点三个，各 2 分');
    await fx.t.database.db.update(subject).set({ status: 0 }).where(eq(subject.id, fx.subjectId));
  });

  it('lets a teacher without a role neither read nor change it', async () => {
    expect(
      body(await fx.teacher.get(`/filter/yue/api/subject/${fx.subjectId}/setting/questions/info`)).message,
    ).toBe('无权限');
    expect(body(await save(fx.teacher, 'ab', { abEnabled: true })).message).toBe('无权限');
  });

  it('maps objective questions to their B-paper numbers (AB卷 tab), refusing unknown and repeated ones', async () => {
    type Ab = { structure: { abEnabled: boolean; objective: Array<{ no: string; bNo: string | null }> } };
    // 1 ↔ 2 and 3 ↔ 4 swap on the B paper
    const ok = await saveAb<Ab>([
      { no: '1', bNo: '2' },
      { no: '2', bNo: '1' },
      { no: '3', bNo: '4' },
      { no: '4', bNo: '3' },
    ]);
    expect(ok.code).toBe(0);
    expect(ok.data.structure.abEnabled).toBe(true);
    expect(ok.data.structure.objective.slice(0, 5).map((q) => q.bNo)).toEqual(['2', '1', '4', '3', null]);
    const [audit] = await fx.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'question.ab'), eq(auditLog.target, `subject:${fx.subjectId}`)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(JSON.stringify(audit?.detail)).toContain('"bNo":"2"');

    const twice = await saveAb([{ no: '5', bNo: '2' }]);
    expect(twice.message).toBe('A/B 卷题号对应有误：B 卷题号 2 被客观题第 1、5 题重复使用');
    const unknown = await saveAb([{ no: '5', bNo: '14' }]);
    expect(unknown.message).toBe('A/B 卷题号对应有误：客观题第 5 题的 B 卷题号 14 不是客观题题号');
    const kind = await saveAb([{ no: '5', bNo: '11' }]);
    expect(kind.message).toBe('A/B 卷题号对应有误：客观题第 5 题与 B 卷第 11 题的题型或选项数不同');
    expect((await saveAb([{ no: '99', bNo: '1' }])).message).toBe('客观题 99 不存在，请先保存客观题');
    // a refused save changes nothing
    const info = body<Ab>(
      await fx.admin.get(`/filter/yue/api/subject/${fx.subjectId}/setting/questions/info`),
    ).data;
    expect(info.structure.objective[4]?.bNo).toBeNull();

    // the objective tab keeps the mapping it carries, and the same rules hold for subjective B numbers
    const objective = info.structure.objective;
    const kept = body<Ab>(await save(fx.admin, 'objective', { questions: objective })).data;
    expect(kept.structure.objective[0]?.bNo).toBe('2');
    const dupSub = body(
      await save(fx.admin, 'subjective', {
        questions: [
          { no: '13', score: 20, bNo: '14' },
          { no: '14', score: 20, bNo: '14' },
          { no: '15', score: 10 },
          { no: '16', score: 10 },
        ],
      }),
    );
    expect(dupSub.message).toBe('A/B 卷题号对应有误：B 卷题号 14 被主观题第 13、14 题重复使用');
    expect(body(await save(fx.admin, 'ab', { abEnabled: false })).code).toBe(0);
  });

  it('keeps a B-paper option mapping (AB卷 tab): each letter once; a mapping alone may change while marking', async () => {
    type Ab = { structure: { objective: Array<Record<string, unknown> & { bOptions?: string | null }> } };
    const info = async () =>
      body<Ab>(await fx.admin.get(`/filter/yue/api/subject/${fx.subjectId}/setting/questions/info`)).data;
    expect((await saveAb([{ no: '1', bNo: null, bOptions: 'CDAB' }])).code).toBe(0);
    expect((await info()).structure.objective[0]?.bOptions).toBe('CDAB');
    // a letter twice, and too few letters
    for (const bOptions of ['CCAB', 'BA']) {
      expect((await saveAb([{ no: '1', bNo: null, bOptions }])).message).toBe(
        'A/B 卷题号对应有误：客观题第 1 题的 B 卷选项对应应是 ABCD 各用一次的一种排列',
      );
    }
    // the objective tab keeps it while the option count stays, and drops it when the count changes
    let objective: object[] = (await info()).structure.objective.map((q) => ({ ...q, bOptions: null }));
    await save(fx.admin, 'objective', { questions: objective });
    expect((await info()).structure.objective[0]?.bOptions).toBe('CDAB');
    // while marking: the mapping alone is saved (no score moves), the B number or A/B switch is refused
    await fx.t.database.db.update(subject).set({ status: 3 }).where(eq(subject.id, fx.subjectId));
    expect((await saveAb([{ no: '1', bNo: null, bOptions: 'BADC' }])).code).toBe(0);
    expect((await info()).structure.objective[0]?.bOptions).toBe('BADC');
    expect((await saveAb([{ no: '1', bNo: '2' }])).message).toBe(SUBJECT_STATE_FORBIDS);
    expect(body(await save(fx.admin, 'ab', { abEnabled: false })).message).toBe(SUBJECT_STATE_FORBIDS);
    await fx.t.database.db.update(subject).set({ status: 0 }).where(eq(subject.id, fx.subjectId));
    // (1 and 2 lose their B numbers too: 1 with 5 options could not stand for 2 on the B paper)
    objective = (await info()).structure.objective.map((q, i) =>
      i === 0 ? { ...q, options: 5, bNo: null } : i === 1 ? { ...q, bNo: null } : q,
    );
    expect(body(await save(fx.admin, 'objective', { questions: objective })).code).toBe(0);
    expect((await info()).structure.objective[0]?.bOptions).toBeNull();
    expect(body(await save(fx.admin, 'ab', { abEnabled: false })).code).toBe(0);
  });

  it('finds A/B mapping problems in a structure', () => {
    const q = (no: string, bNo: string | null, options = 4) => ({
      no,
      kind: 'single' as const,
      options,
      score: 3,
      answer: '',
      partialScore: null,
      answerB: '',
      bNo,
    });
    const s: Structure = {
      objective: [q('1', '2'), q('2', '1'), q('3', null, 5)],
      subjective: [{ no: '4', score: 10, step: 1, bNo: '4' }],
      optionalGroups: [],
      abEnabled: true,
    };
    expect(abMappingProblems(s)).toEqual([]);
    expect(abMappingProblems({ ...s, objective: [q('1', '3'), q('2', '1'), q('3', null, 5)] })).toEqual([
      '客观题第 1 题与 B 卷第 3 题的题型或选项数不同',
    ]);
    expect(abMappingProblems({ ...s, subjective: [{ no: '4', score: 10, step: 1, bNo: '1' }] })).toEqual([
      '主观题第 4 题的 B 卷题号 1 不是主观题题号',
    ]);
  });

  it('names the field of a malformed save', async () => {
    const res = body<Array<{ field: string }>>(
      await save(fx.admin, 'objective', { questions: [{ no: 'x', kind: 'single', options: 4, score: 3 }] }),
    );
    expect(res.code).toBe(1);
    expect(res.data[0]?.field).toBe('questions.0.no');
  });
});
