import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OnlineSetting, SitView } from '@yj/contracts';
import { examinee, onlineAttempt, paper, scanPage } from '../../db/schema';
import { body } from '../../../test/app';
import { withScene } from '../../../test/app-fixture';
import { onlineScene } from '../../../test/online';
import type { PortalClient } from '../../../test/portal';

// 题序打乱 / 选项打乱 (issue 34): each student's own order, the same at every reload; the answer kept by the real
// option, so scoring is unchanged; the hand-in's pages in the structure's order. (The orders themselves are
// checked against hand-computed values in packages/scoring shuffle.test.ts.)
let s1: PortalClient, s2: PortalClient, outsider: PortalClient;

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const OPTIONS = ['一', '二', '三', '四'];

const { t, scene: s } = withScene(onlineScene(3), async () => {
  // the class's third student is no examinee of the exam
  await t.database.db.delete(examinee).where(eq(examinee.id, s.examinees[2]!.id));
  [s1, s2, outsider] = [s.students[0]!, s.students[1]!, s.students[2]!];
  const saved = body<OnlineSetting>(
    await s.admin.post(s.url, {
      mode: 'online',
      startsAt: minutes(-5),
      endsAt: minutes(60),
      durationMin: 30,
      shuffleQuestions: true,
      shuffleOptions: true,
      contents: ['1', '2', '3'].map((no) => ({ no, content: `第${no}题`, optionTexts: OPTIONS })),
    }),
  ).data;
  expect([saved.shuffleQuestions, saved.shuffleOptions]).toEqual([true, true]);
  expect(body(await s.admin.post(`${s.url}/launch`)).code).toBe(0);
});

/** What the student picks on the screen: the options at these places, as sent (their real letters). */
const pick = (q: SitView['questions'][number], texts: string[]) =>
  texts
    .map((x) => q.letters[q.optionTexts.indexOf(x)]!)
    .sort()
    .join('');

describe('a student sits a shuffled exam', () => {
  it('sees the questions in an order of their own within each run, the same after a reload', async () => {
    const v = body<SitView>(await s1.post(`${s.sit}/start`)).data;
    const nos = v.questions.map((q) => q.no);
    expect(nos.slice(0, 4).sort()).toEqual(['1', '2', '3', '4']);
    expect(nos.slice(4).sort()).toEqual(['21', '22', '23']);
    expect(v.questions.map((q) => q.label)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    const again = body<SitView>(await s1.get(s.sit)).data;
    expect(again.questions).toEqual(v.questions);
  });

  it("shows each choice question's option texts in the order of its real letters; 判断 unshuffled", async () => {
    const v = body<SitView>(await s1.get(s.sit)).data;
    for (const q of v.questions.filter((x) => ['1', '2', '3'].includes(x.no))) {
      expect([...q.letters].sort()).toEqual(['A', 'B', 'C', 'D']);
      // real letter A is 一, B 二, …: shown at whatever place the shuffle gave it
      expect(q.optionTexts).toEqual(q.letters.map((l) => OPTIONS[l.charCodeAt(0) - 65]));
    }
    expect(v.questions.find((q) => q.no === '4')!.letters).toEqual(['A', 'B']);
    expect(v.questions.find((q) => q.no === '21')!.letters).toEqual([]);
  });

  it('keeps the answer by the real option: scoring and the hand-in know nothing of the order', async () => {
    const v = body<SitView>(await s1.get(s.sit)).data;
    const q = (no: string) => v.questions.find((x) => x.no === no)!;
    // the key: 1 is B (二), 2 is C (三), 3 is ACD (一 三 四, two of them score the partial 2)
    const save = (no: string, value: string) => s1.post(`${s.sit}/answer`, { no, value, rev: 1 });
    expect(body(await save('1', pick(q('1'), ['二']))).code).toBe(0);
    expect(body(await save('2', pick(q('2'), ['一']))).code).toBe(0);
    expect(body(await save('3', pick(q('3'), ['一', '四']))).code).toBe(0);
    expect(body(await save('21', '解答')).code).toBe(0);
    expect(body<SitView>(await s1.get(s.sit)).data.answers.map((a) => [a.no, a.value])).toEqual([
      ['1', 'B'],
      ['2', 'A'],
      ['21', '解答'],
      ['3', 'AD'],
    ]);
    expect(body(await s1.post(`${s.sit}/submit`)).code).toBe(0);
    const db = t.database.db;
    const [a] = await db.select().from(onlineAttempt).where(eq(onlineAttempt.subjectId, s.subjectId));
    expect(a!.objectiveScores).toEqual({ '1': 3, '2': 0, '3': 2, '4': 0 });
    const [p] = await db
      .select()
      .from(paper)
      .where(and(eq(paper.subjectId, s.subjectId), eq(paper.examineeId, s.examinees[0]!.id)));
    expect(p!.objective).toEqual({ '1': ['B'], '2': ['A'], '3': ['A', 'D'], '4': [] });
    const pages = await db.select().from(scanPage).where(eq(scanPage.paperId, p!.id));
    expect(pages.map((g) => [g.templatePage, g.fileName]).sort()).toEqual([
      [0, '第21题.jpg'],
      [1, '第22题.jpg'],
      [2, '第23题.jpg'],
    ]);
  });

  it('gives another student an order of their own (their key differs)', async () => {
    const mine = body<SitView>(await s1.get(s.sit)).data.questions;
    const theirs = body<SitView>(await s2.post(`${s.sit}/start`)).data.questions;
    const order = (qs: SitView['questions']) => qs.map((q) => `${q.no}:${q.letters.join('')}`).join(' ');
    expect(order(theirs)).not.toBe(order(mine));
  });
});

describe("the sitting's look-up (one statement on the save's path)", () => {
  it('refuses a subject that is not there, and a student of the school who is no examinee', async () => {
    expect(body(await s1.get(`/filter/api/portal/online/${s.subjectId + 1000}`)).errCode).toBe(12080);
    expect(body(await outsider.get(s.sit)).errCode).toBe(12088);
    expect(body(await outsider.post(`${s.sit}/answer`, { no: '1', value: 'A', rev: 1 })).errCode).toBe(12088);
  });

  it('answers a late revision with the stored one, written or not', async () => {
    const save = (value: string, rev: number) => s2.post(`${s.sit}/answer`, { no: '22', value, rev });
    expect(body(await save('第三稿', 3)).data).toEqual({ no: '22', rev: 3 });
    expect(body(await save('第二稿', 2)).data).toEqual({ no: '22', rev: 3 });
    expect(body(await save('第三稿', 3)).data).toEqual({ no: '22', rev: 3 });
    const v = body<SitView>(await s2.get(s.sit)).data;
    expect(v.answers.find((a) => a.no === '22')).toEqual({ no: '22', value: '第三稿', rev: 3 });
  });
});
