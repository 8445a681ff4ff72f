import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { typicalCard } from '@yj/scan-sim';
import {
  APP,
  call,
  journeySession,
  loginAsSchoolAdmin,
  phonePage,
  shot,
  typicalObjective,
  waitForPath,
  type Session,
} from './lib.ts';
import { keyScore, signedIn, subjectScene, taskRow } from './marking-lib.ts';
import { TEACHER } from './report-lib.ts';

// Issue 34's 补考 of a paper subject, on the real server: a scanned subject (two sheets scanned and recognised)
// has a student recorded 缺考. The manager writes the written question's text on the subject's 在线考试 page,
// which on a paper subject offers 在线补考: the student, shown 缺考 among those without a scanned sheet, is given
// a window. On a phone the student finds the 补考 on 学生端, answers by choosing and typing, hands in. Marking
// starts; the teacher marks the two scanned sheets' cuts and then the 补考 paper, whose cut is the typed answer's
// page (1000 px wide), not the card's box.

const EXAM = '2026学年纸笔考试在线补考演示';
const NEW_PASSWORD = 'Xuesheng-Mima-2036';
const card = typicalCard();
const box41 = card.pages[0]!.subjective[0]!;
const s: Session = journeySession();

let scene: Awaited<ReturnType<typeof subjectScene>>;
let absentee: { name: string; xuehao: string; password: string };
let schoolName = '';

/** A time in Beijing as the date picker takes it, `minutes` from now. */
const beijing = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000 + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

test('a scanned subject’s 缺考 student is given an online 补考', { timeout: 600_000 }, async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  scene = await subjectScene(page, card, {
    name: EXAM,
    startDate: '2026-12-14',
    course: '物理',
    fullScore: 50,
    objective: typicalObjective(1),
    subjective: [{ no: '41', score: 10 }],
    blocks: [{ name: '第41题', nos: ['41'], markCount: 1, regions: [{ page: 0, ...box41.rect }] }],
    scan: { count: 2, seed: 740 },
    staff: { markers: [TEACHER] },
  });
  const { exam, examId, subjectId } = scene;
  // the 补考 student: the last of the grade's last class (the portal journey takes the first class's accounts new;
  // the online-exam journey the first two initial passwords of the last class, the quiz its first student)
  const classes = await call<Array<{ id: number }>>(page, 'POST', `/api/school/${exam.schoolId}/banjis`, {
    gradeId: exam.gradeId,
  });
  const cls = classes.at(-1)!;
  await call(page, 'POST', `/api/exam/${examId}/examinees/add`, {
    classIds: [cls.id],
    rule: { kind: 'sequence', prefix: '2036', digits: 4 },
    roomSize: 30,
  });
  await call(page, 'POST', `/api/school/${exam.schoolId}/portal/accounts`, { classIds: [cls.id] });
  const accounts = await call<{ items: Array<{ studentId: number; xuehao: string; name: string }> }>(
    page,
    'GET',
    `/api/school/${exam.schoolId}/portal/accounts?classId=${cls.id}&page=1&size=100`,
  );
  const first = accounts.items.sort((a, b) => a.xuehao.localeCompare(b.xuehao)).at(-1)!;
  const reset = await call<{ password: string }>(
    page,
    'POST',
    `/api/school/${exam.schoolId}/portal/accounts/${first.studentId}/reset`,
  );
  absentee = { name: first.name, xuehao: first.xuehao, password: reset.password };
  const all = await call<{ items: Array<{ id: number; name: string; kaohao: string }> }>(
    page,
    'POST',
    `/api/exam/${examId}/examinees`,
    { page: 1, size: 200 },
  );
  const who = all.items.find((e) => e.name === absentee.name && e.kaohao.startsWith('2036'))!;
  await call(page, 'POST', `/api/subject/${subjectId}/absent`, { ids: [who.id], absent: true });
  schoolName = (await call<{ schoolName: string }>(page, 'POST', '/api/user/getUserInfo')).schoolName;

  await page.goto(`${APP}/book/subject/${subjectId}/setting/online`);
  const setting = page.getByTestId('online-setting');
  await setting.getByTestId('paper-makeup-note').waitFor();
  await setting
    .getByLabel('第 41 题题干')
    .fill('一物体由静止开始做匀加速直线运动，写出位移 $x$ 与时间 $t$ 的关系并说明理由');
  await setting.getByRole('button', { name: '保存设置' }).click();
  await page.getByText('在线考试设置已保存').waitFor();

  const makeup = page.getByTestId('online-makeup');
  await makeup.getByPlaceholder('姓名或考号').fill(absentee.name);
  await makeup.getByPlaceholder('姓名或考号').press('Enter');
  const row = makeup.locator('.ant-table-row', { hasText: who.kaohao });
  await row.getByText('缺考').waitFor();
  await shot(page, 'paper-makeup-01-card');
  await row.locator('.ant-checkbox-input').check();
  await makeup.getByRole('button', { name: '为所选考生安排补考（1）' }).click();
  const modal = page.locator('.ant-modal', { hasText: '安排补考（1 名考生）' });
  await modal.getByText('不填则可用整个补考时间段').waitFor();
  await modal.getByPlaceholder('开始时间').click();
  await modal.getByPlaceholder('开始时间').fill(beijing(-1));
  await page.keyboard.press('Enter');
  await modal.getByPlaceholder('结束时间').fill(beijing(60));
  await page.keyboard.press('Enter');
  await shot(page, 'paper-makeup-02-arrange');
  await modal.getByRole('button', { name: '确认安排补考' }).click();
  await page.getByText('已为 1 名考生安排补考').waitFor();
  await makeup.getByText('已安排补考 1').click();
  await makeup.locator('.ant-table-row', { hasText: who.kaohao }).getByText('补考中').waitFor();
  await shot(page, 'paper-makeup-03-arranged');
});

test('the student sits the 补考 on a phone and hands in', { timeout: 300_000 }, async () => {
  const sp: Page = await phonePage(s, 'paper makeup student');
  await sp.goto(`${APP}/portal`);
  await waitForPath(sp, '/portal/login');
  await sp.getByTestId('portal-school').click();
  await sp.keyboard.type(schoolName.slice(0, 4));
  await sp.locator('.ant-select-item-option', { hasText: schoolName }).first().click();
  await sp.getByPlaceholder('学号').fill(absentee.xuehao);
  await sp.getByPlaceholder('密码', { exact: true }).fill(absentee.password);
  await sp.locator('form button[type=submit]').click();
  await sp.getByPlaceholder('新密码', { exact: true }).fill(NEW_PASSWORD);
  await sp.getByPlaceholder('确认新密码').fill(NEW_PASSWORD);
  await sp.getByRole('button', { name: '确认修改并登录' }).click();
  await waitForPath(sp, '/portal');
  const list = sp.getByTestId('online-exams');
  await list.getByText('补考').waitFor();
  await shot(sp, 'paper-makeup-04-portal');
  await list.getByText(`${EXAM} · 物理`).click();
  await sp.getByRole('button', { name: '开始作答' }).click();
  const q = (no: string) => sp.getByTestId(`online-q-${no}`);
  await q('1').locator('.ant-radio-wrapper').first().click();
  await q('41').getByLabel('第 41 题作答').fill('由 v = at 得平均速度为 at/2，所以 x = at²/2。');
  await sp.getByTestId('online-save-status').getByText('已保存').waitFor();
  await shot(sp, 'paper-makeup-05-answering');
  await sp.getByRole('button', { name: /^交\s?卷$/ }).click();
  await sp
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /^交\s?卷$/ })
    .click();
  await sp
    .getByTestId('online-receipt')
    .getByText(/回执号：/)
    .waitFor();
  await sp.context().close();
});

test(
  'marking starts; after the scanned sheets the teacher marks the typed 补考 answer',
  { timeout: 300_000 },
  async () => {
    const { page } = s;
    const { subjectId, blockIds } = scene;
    await call(page, 'GET', `/api/subject/${subjectId}/review/start?force=1`);
    const marker = await signedIn(s, TEACHER);
    await marker.goto(`${APP}/book/review/task`);
    await taskRow(marker, EXAM, '第41题').getByRole('button', { name: '开始阅卷' }).click();
    await waitForPath(marker, `/book/subject/${subjectId}/mark/${blockIds[0]}/normal/1`);
    const width = () =>
      marker
        .getByTestId('mark-image')
        .first()
        .evaluate(async (img) => {
          if (!(img instanceof HTMLImageElement)) return 0;
          await img.decode();
          return img.naturalWidth;
        });
    // claims walk the pool in paper order: the two scanned sheets, cut from the card's box, then the 补考 paper
    await marker.getByTestId('mark-image').first().waitFor();
    assert.notEqual(await width(), 1000, 'a scanned sheet’s cut of the card’s box');
    await keyScore(marker, 6, 1);
    await keyScore(marker, 7, 2);
    await marker.waitForFunction(
      () =>
        (document.querySelector('[data-testid="mark-image"]') as HTMLImageElement | null)?.naturalWidth ===
        1000,
    );
    assert.equal(await width(), 1000, 'the typed page, not the card’s box');
    await shot(marker, 'paper-makeup-06-marking-typed');
    await keyScore(marker, 8, 3);
    await marker.context().close();
  },
);
