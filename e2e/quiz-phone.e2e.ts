import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { TemplateItem } from '@yj/contracts';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { createRng, randomAnswers, simulateSheet } from '@yj/scan-sim';
import {
  APP,
  call,
  DEMO_PASSWORD,
  login,
  loginAsSchoolAdmin,
  journeySession,
  phonePage,
  shot,
  waitForPath,
} from './lib.ts';
import { signedIn } from './marking-lib.ts';

// Issue 33 "课堂小测", scanned with a phone: the quiz page shows a 手机扫描 QR code; the teacher opens the
// capture page it points to on a phone (375 px, Chromium's mobile emulation), photographs 5 sheets (simulated
// phone photos: perspective, shadow, blur, a desk around the sheet) and sees them uploaded and recognised.

const TEACHER = '13800000008';
const QUIZ = '第四周手机小测';
const KEYS = 'ABCDABCDAB';
const PHOTOS = 5;

const s = journeySession();
let className = '';
let teacher: Page;
let examId = 0;
let subjectId = 0;

test('the school gives the teacher a class', { timeout: 120_000 }, async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { schoolId } = await call<{ schoolId: number }>(page, 'POST', '/api/user/getUserInfo');
  const accounts = await call<{ classes: Array<{ id: number; name: string }> }>(
    page,
    'GET',
    `/api/school/${schoolId}/portal/accounts`,
  );
  const cls = accounts.classes.at(-1)!;
  className = cls.name;
  const t = await call<{ userId: number; name: string; subjects: string[] }>(
    page,
    'GET',
    `/api/school/${schoolId}/teachers/one?phone=${TEACHER}`,
  );
  await call(page, 'POST', `/api/school/${schoolId}/teachers/update`, {
    oldInfo: { userId: t.userId, phone: TEACHER },
    newInfo: { name: t.name, phone: TEACHER, subjects: t.subjects, classIds: [cls.id] },
  });
});

test('the quiz page offers 手机扫描 once its card is made', { timeout: 120_000 }, async () => {
  teacher = await signedIn(s, TEACHER);
  await teacher.goto(`${APP}/book/quiz/create`);
  await teacher.getByTestId('quiz-name').fill(QUIZ);
  await teacher.getByTestId('quiz-course').click();
  await teacher.locator('.ant-select-item-option').first().click();
  await teacher.getByTestId('quiz-classes').getByText(className).click();
  await teacher.getByTestId('quiz-keys').fill(`1-10 ${KEYS}`);
  await teacher.getByTestId('quiz-submit').click();
  await teacher.getByTestId('quiz-page').waitFor();
  examId = Number(new URL(teacher.url()).pathname.split('/').at(-1));
  assert.equal(await teacher.getByTestId('quiz-phone-scan').count(), 0, 'no QR code before the card');
  await teacher.getByTestId('quiz-make-card').click();
  await teacher.getByText('A4 答题卡已生成').waitFor();
  await teacher.getByTestId('quiz-phone-qr').waitFor();
  const link = await teacher.getByTestId('quiz-phone-link').textContent();
  assert.ok(link?.endsWith(`/minions/phone/quiz/${examId}`), `QR points at the capture page: ${link}`);
  // the QR code reads back as that address (as a phone's camera would read it)
  const png = await teacher.getByTestId('quiz-phone-qr').screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  assert.equal(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data, link);
  await shot(teacher, 'quiz-phone-01-qr');
});

test(
  'the teacher photographs 5 sheets with a phone and sees them recognised',
  { timeout: 600_000 },
  async () => {
    const quiz = await call<{ subjectId: number }>(teacher, 'GET', `/api/quiz/${examId}`);
    subjectId = quiz.subjectId;
    const templates = await call<TemplateItem[]>(teacher, 'GET', `/api/subject/${subjectId}/templates`);
    const card = templates.find((t) => t.cardType === 'online')!.body;
    const examinees = await call<{ items: Array<{ kaohao: string; name: string }> }>(
      teacher,
      'POST',
      `/api/exam/${examId}/examinees`,
      { page: 1, size: 100 },
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'yj-e2e-quiz-phone-'));
    const files: string[] = [];
    for (const [i, e] of examinees.items.slice(0, PHOTOS).entries()) {
      const page = card.pages[0]!;
      const a = randomAnswers(page, createRng(900 + i), 'clean', e.kaohao);
      a.absent = false;
      const photo = await simulateSheet(card, page.index, a, {
        seed: 900 + i,
        difficulty: 'clean',
        photo: true,
      });
      const f = path.join(dir, `IMG_${String(i + 1).padStart(4, '0')}.jpg`);
      writeFileSync(f, photo.jpeg);
      files.push(f);
    }

    const phone = await phonePage(s, 'phone');
    await login(phone, TEACHER, DEMO_PASSWORD);
    await phone.waitForURL('**/minions/book/**');
    await phone.goto(`${APP}/phone/quiz/${examId}`);
    await waitForPath(phone, `/phone/quiz/${examId}`);
    await phone.getByTestId('phone-take').waitFor();
    await shot(phone, 'quiz-phone-02-capture');
    // taken one after another: two photos, then three more
    await phone.getByTestId('phone-input').setInputFiles(files.slice(0, 2));
    await phone.getByTestId('phone-count').getByText('已拍 2 张').waitFor();
    await phone.getByTestId('phone-input').setInputFiles(files.slice(2));
    await phone
      .getByTestId('phone-count')
      .getByText(`已拍 ${PHOTOS} 张，已上传 ${PHOTOS} 张`)
      .waitFor({ timeout: 300_000 });
    await shot(phone, 'quiz-phone-03-uploaded');
    await phone
      .getByTestId('phone-recognised')
      .getByText(`已识别 ${PHOTOS} 份`)
      .waitFor({ timeout: 300_000 });
    assert.equal(await phone.getByTestId('phone-exceptions').textContent(), '异常 0 份');
    const names = examinees.items.slice(0, PHOTOS).map((e) => e.name);
    for (const n of names)
      await phone.getByTestId('phone-results').getByText(n, { exact: false }).first().waitFor();
    // the page fits the phone: nothing wider than its 375 px
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 375, `page is ${wide} px wide`);
    await shot(phone, 'quiz-phone-04-recognised');
    // the quiz page counts the photographed sheets as scanned
    await teacher.reload();
    await teacher.getByTestId('quiz-page').getByText(`${PHOTOS} 份`).first().waitFor();
  },
);
