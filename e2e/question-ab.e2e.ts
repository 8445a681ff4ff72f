import assert from 'node:assert/strict';
import { test } from 'node:test';
import { APP, call, createExamWithOneSubject, loginAsSchoolAdmin, shot, journeySession } from './lib.ts';

// A/B papers (issue 5): the AB卷 tab maps objective questions to their numbers on the B paper; a number
// used twice is named on screen and refused by the server, then the corrected mapping is saved. A question's
// B-paper option mapping (issue 16: which A option each B option is) is typed beside it, a letter used twice
// named on screen.

const s = journeySession();

test('AB卷: objective questions get their B-paper numbers, a repeated number is refused', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { subjectId } = await createExamWithOneSubject(page, {
    name: '2026学年AB卷演示考试',
    startDate: '2026-11-25',
    course: '英语',
    fullScore: 100,
  });
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/objective`, {
    questions: Array.from({ length: 5 }, (_, i) => ({
      no: String(i + 1),
      kind: 'single',
      options: 4,
      score: 4,
    })),
  });
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/subjective`, {
    questions: [{ no: '6', score: 80 }],
  });

  await page.goto(`${APP}/book/subject/${subjectId}/setting/question`);
  await page.getByTestId('question-tabs').waitFor();
  await page.getByRole('tab', { name: 'AB卷' }).click();
  await page.getByTestId('ab-switch').click();
  const mapping = page.getByTestId('ab-mapping');
  await mapping.waitFor();
  // 1 and 2 swap on the B paper; 3 typed as 1 by mistake
  await mapping.getByLabel('第 1 题 B 卷题号').fill('2');
  await mapping.getByLabel('第 2 题 B 卷题号').fill('1');
  await mapping.getByLabel('第 3 题 B 卷题号').fill('1');
  await page.getByTestId('ab-problems').getByText('B 卷题号 1 被客观题第 2、3 题重复使用').waitFor();
  await page.getByTestId('save-ab').click();
  await page
    .getByTestId('save-error')
    .getByText(/B 卷题号 1 被客观题第 2、3 题重复使用/)
    .waitFor();
  await shot(page, 'question-ab-01-repeated');

  await mapping.getByLabel('第 3 题 B 卷题号').fill('');
  // 4's options come in another order on the B paper; typed with C twice first (lower case, shown upper)
  await mapping.getByLabel('第 4 题 B 卷选项对应').fill('ccab');
  await page
    .getByTestId('ab-problems')
    .getByText('客观题第 4 题的 B 卷选项对应应是 ABCD 各用一次的一种排列')
    .waitFor();
  await shot(page, 'question-ab-03-option-mapping-wrong');
  await mapping.getByLabel('第 4 题 B 卷选项对应').fill('cdab');
  await page.getByTestId('ab-problems').waitFor({ state: 'detached' });
  await page.getByTestId('save-ab').click();
  await page.locator('.ant-message-notice', { hasText: 'AB 卷设置已保存' }).waitFor();
  await shot(page, 'question-ab-02-saved');

  const info = await call<{
    structure: { abEnabled: boolean; objective: Array<{ bNo: string | null; bOptions?: string | null }> };
  }>(page, 'GET', `/yue/api/subject/${subjectId}/setting/questions/info`);
  assert.equal(info.structure.abEnabled, true);
  assert.deepEqual(
    info.structure.objective.map((q) => q.bNo),
    ['2', '1', null, null, null],
  );
  assert.deepEqual(
    info.structure.objective.map((q) => q.bOptions ?? null),
    [null, null, null, 'CDAB', null],
  );
});
