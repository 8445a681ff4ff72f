import assert from 'node:assert/strict';
import { test } from 'node:test';
import JSZip from 'jszip';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import {
  APP,
  BASE_URL,
  call,
  createExamWithOneSubject,
  journeySession,
  loginAsSchoolAdmin,
  phonePage,
  shot,
  waitForPath,
  type Session,
} from './lib.ts';

// Issue 34 "从 Word 导入", on the real server: the school uploads a Word paper (numbered questions, options on one
// line, a Word fraction, an image) on the online exam's setting page, checks the imported questions beside the
// Word text, and 使用 fills the content of the questions of the same number, ready for 保存设置. The image shows
// in the check, in the editor's preview and, once the exam is launched, on the student's phone as they sit it.

const s: Session = journeySession();
const EXAM = '2026学年Word导入演示';
const NEW_PASSWORD = 'Xuesheng-Mima-2035';
/** The figure of question 2: a blue triangle on a light square, drawn so the pictures show it. */
const figure = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160"><rect width="240" height="160" fill="#eef3ff"/>' +
        '<polygon points="30,140 210,140 60,30" fill="none" stroke="#1f6feb" stroke-width="4"/></svg>',
    ),
  )
    .png()
    .toBuffer();

/** A Beijing time as the date picker takes it, `minutes` from now. */
const beijing = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000 + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** The image drawn (loaded, with a width of its own) inside `where`. */
async function imageShown(where: Locator): Promise<void> {
  const img = where.locator('img.content-image').first();
  await img.waitFor();
  await img.scrollIntoViewIfNeeded();
  await img.evaluate((el: HTMLImageElement) =>
    el.complete ? null : new Promise((ok) => el.addEventListener('load', ok, { once: true })),
  );
  const width = await img.evaluate((el: HTMLImageElement) => el.naturalWidth);
  assert.equal(width, 240, 'the imported image is drawn at its own width');
  assert.equal(await img.getAttribute('alt'), '图片');
}

let exam: Awaited<ReturnType<typeof createExamWithOneSubject>>;
let student: { xuehao: string; password: string };
let schoolName = '';
const run = (t: string) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`;
const p = (...x: string[]) => `<w:p>${x.join('')}</w:p>`;
const mr = (t: string) => `<m:r><m:t>${t}</m:t></m:r>`;

async function paper(): Promise<Buffer> {
  const zip = new JSZip();
  const body = [
    p(run('2026 学年期中考试 数学')),
    p(run('一、选择题')),
    p(
      run('1. 计算 '),
      `<m:oMath><m:f><m:num>${mr('1')}</m:num><m:den>${mr('2')}</m:den></m:f>${mr('+')}<m:f><m:num>${mr('1')}</m:num><m:den>${mr('3')}</m:den></m:f></m:oMath>`,
      run(' 的值'),
    ),
    p(run('A. 5/6    B. 2/5    C. 1    D. 1/6')),
    p(run('二、解答题')),
    p(
      run('2．如图，已知 '),
      `<m:oMath><m:sSup><m:e>${mr('x')}</m:e><m:sup>${mr('2')}</m:sup></m:sSup>${mr('=4')}</m:oMath>`,
      run('，求 x。'),
    ),
    p('<w:r><w:drawing><a:blip r:embed="rId1"/></w:drawing></w:r>'),
  ].join('');
  zip.file(
    'word/document.xml',
    `<w:document xmlns:w="w" xmlns:m="m" xmlns:r="r" xmlns:a="a"><w:body>${body}</w:body></w:document>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<Relationships><Relationship Id="rId1" Target="media/image1.png"/></Relationships>',
  );
  zip.file('word/media/image1.png', await figure());
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

test('the school imports an online exam’s questions from a Word paper', { timeout: 300_000 }, async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  exam = await createExamWithOneSubject(page, {
    name: EXAM,
    startDate: '2026-12-11',
    course: '数学',
    fullScore: 13,
  });
  const setting = `/api/api/subject/${exam.subjectId}/setting/questions`;
  await call(page, 'POST', `${setting}/objective`, {
    questions: [{ no: '1', kind: 'single', options: 4, score: 3, answer: 'A' }],
  });
  await call(page, 'POST', `${setting}/subjective`, { questions: [{ no: '2', score: 10 }] });

  await page.goto(`${APP}/book/subject/${exam.subjectId}/setting/question`);
  await page.getByRole('button', { name: '在线考试' }).click();
  await waitForPath(page, `/book/subject/${exam.subjectId}/setting/online`);
  const card = page.getByTestId('online-setting');
  await card.locator('input[type=file]').setInputFiles({
    name: '期中试卷.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await paper(),
  });
  const modal = page.locator('.ant-modal').filter({ hasText: '从 Word 导入：核对题目' });
  await modal.getByTestId('docx-import-1').locator('.katex').first().waitFor();
  assert.match(await modal.getByTestId('docx-import-1').innerText(), /D\. 1\/6/);
  await modal.getByText('1. 计算 12+13 的值').waitFor();
  await imageShown(modal.getByTestId('docx-import-2'));
  await shot(page, 'online-docx-01-check');
  await modal.getByRole('button', { name: /使用/ }).click();
  await page.getByText('已填入 2 题的内容，请核对后保存设置').waitFor();
  assert.equal(await card.getByLabel('第 1 题题干').inputValue(), '计算 $\\frac{1}{2}+\\frac{1}{3}$ 的值');
  assert.equal(await card.getByLabel('第 1 题选项 D').inputValue(), '1/6');
  assert.match(
    await card.getByLabel('第 2 题题干').inputValue(),
    /^如图，已知 \$\{x\}\^\{2\}=4\$，求 x。\n!\[图片\]\(online-image:/,
  );
  // the editor's preview draws the figure as the students will see it
  await imageShown(card.getByTestId('online-content-2'));
  await shot(page, 'online-docx-02-filled');
});

test('the school launches it and a student sees the figure on a phone', { timeout: 300_000 }, async () => {
  const { page } = s;
  const classes = await call<Array<{ id: number }>>(page, 'POST', `/api/school/${exam.schoolId}/banjis`, {
    gradeId: exam.gradeId,
  });
  // the grade's last class, as the online exam's journey: its last student, given a fresh initial password
  const classId = classes.at(-1)!.id;
  await call(page, 'POST', `/api/exam/${exam.examId}/examinees/add`, {
    classIds: [classId],
    rule: { kind: 'sequence', prefix: '2035', digits: 4 },
    roomSize: 30,
  });
  await call(page, 'POST', `/api/school/${exam.schoolId}/portal/accounts`, { classIds: [classId] });
  const list = await call<{ items: Array<{ studentId: number; xuehao: string }> }>(
    page,
    'GET',
    `/api/school/${exam.schoolId}/portal/accounts?classId=${classId}&page=1&size=100`,
  );
  const last = list.items.sort((a, b) => a.xuehao.localeCompare(b.xuehao)).at(-1)!;
  const reset = await call<{ password: string }>(
    page,
    'POST',
    `/api/school/${exam.schoolId}/portal/accounts/${last.studentId}/reset`,
  );
  student = { xuehao: last.xuehao, password: reset.password };
  schoolName = (await call<{ schoolName: string }>(page, 'POST', '/api/user/getUserInfo')).schoolName;

  const card = page.getByTestId('online-setting');
  await card.getByRole('switch', { name: '在线考试' }).click();
  await card.getByPlaceholder('开始时间').click();
  await card.getByPlaceholder('开始时间').fill(beijing(-10));
  await page.keyboard.press('Enter');
  await card.getByPlaceholder('结束时间').fill(beijing(120));
  await page.keyboard.press('Enter');
  await card.getByLabel('考试时长').fill('40');
  await card.getByRole('button', { name: '保存设置' }).click();
  await page.getByText('在线考试设置已保存').waitFor();
  await card.getByRole('button', { name: '在线考试发布' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /^发\s?布$/ })
    .click();
  await page.getByText('在线考试已发布，考生可在学生端作答').waitFor();
  // after the save and a reload the preview still draws it (the saved content names the stored image)
  await page.reload();
  await imageShown(page.getByTestId('online-setting').getByTestId('online-content-2'));

  const phone: Page = await phonePage(s, 'student');
  await phone.goto(`${APP}/portal`);
  await waitForPath(phone, '/portal/login');
  await phone.getByTestId('portal-school').click();
  await phone.keyboard.type(schoolName.slice(0, 4));
  await phone.locator('.ant-select-item-option', { hasText: schoolName }).first().click();
  await phone.getByPlaceholder('学号').fill(student.xuehao);
  await phone.getByPlaceholder('密码', { exact: true }).fill(student.password);
  await phone.locator('form button[type=submit]').click();
  await phone.getByPlaceholder('新密码', { exact: true }).fill(NEW_PASSWORD);
  await phone.getByPlaceholder('确认新密码').fill(NEW_PASSWORD);
  await phone.getByRole('button', { name: '确认修改并登录' }).click();
  await waitForPath(phone, '/portal');
  const exams = phone.getByTestId('online-exams');
  await exams.getByText(`${EXAM} · 数学`).click();
  await phone.getByRole('button', { name: '开始作答' }).click();
  const q2 = phone.getByTestId('online-q-2');
  await imageShown(q2);
  // on the phone it is never wider than the question's card
  const [img, box] = await Promise.all([q2.locator('img.content-image').boundingBox(), q2.boundingBox()]);
  assert.ok(img && box && img.width <= box.width, 'the figure fits the card');
  await phone.getByTestId('online-q-1').locator('.katex').first().waitFor();
  await shot(phone, 'online-docx-03-student');
  // the image is the student's only while they sit: the school's own route refuses their session
  const refused = await phone.request.get(
    `${BASE_URL}/filter/api/subject/${exam.subjectId}/online/images/${await imageId(q2)}`,
  );
  assert.match(await refused.text(), /无权限/);
  await phone.context().close();
});

/** The id of the first image of `where`, from its address. */
const imageId = async (where: Locator) =>
  (await where.locator('img.content-image').first().getAttribute('src'))!.split('/').at(-1)!;
