import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { APP, BASE_URL, loginAsSchoolAdmin, openBrowser, shot, type Session } from './lib.ts';

// The marking screens on the real server. The screens' keyboard, retry and layout are covered against the
// contract by marking-screen.e2e.ts; this spec needs the server's marking routes (helper `pool`) and, for
// the journey, a subject in 阅卷中 with tasks (GET /filter/api/subject/:id/review/start?force=1, helper
// `lifecycle`). Each test skips, saying why, while its route is missing on the branch.
let s: Session;
before(async () => {
  s = await openBrowser();
  await loginAsSchoolAdmin(s.page);
});
after(async () => {
  await s.close();
});

async function routeExists(path: string): Promise<boolean> {
  const res = await s.page.request.get(`${BASE_URL}/filter${path}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  return res.status() !== 404;
}

test('review/task on the real server: my blocks, or the empty state in Chinese', async (t) => {
  if (!(await routeExists('/api/marking/tasks')))
    return t.skip('GET /filter/api/marking/tasks not on this branch yet');
  const { page } = s;
  await page.goto(`${APP}/book/review/task`);
  await page.getByRole('heading', { name: '阅卷任务' }).waitFor();
  const empty = page.getByText('您当前没有阅卷任务');
  const list = page.getByTestId('review-exam').first();
  await Promise.race([empty.waitFor(), list.waitFor()]);
  await shot(page, 'marking-real-review-task');
  assert.deepEqual(s.errors, []);
});

// TODO(markweb): the whole keyboard journey on the real server — create an exam (createExamWithOneSubject,
// prepareScanSubject), upload the sample sheets, set a block with two questions and a 阅卷老师, start
// marking with GET /filter/api/subject/:id/review/start?force=1, then sign in as the teacher, press
// 开始阅卷, score two papers with digits and Enter, and change one in 回评. The pool routes are merged; the
// start route (helper `lifecycle`) and assigning a block's markers are not on this branch yet.
test(
  'keyboard journey on the real server',
  { skip: 'needs GET /filter/api/subject/:id/review/start (lifecycle) and 阅卷老师 assignment to a block' },
  () => {
    assert.ok(true);
  },
);
