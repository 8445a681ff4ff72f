import assert from 'node:assert/strict';
import { test } from 'node:test';
import JSZip from 'jszip';
import {
  APP,
  call,
  createExamWithOneSubject,
  journeySession,
  loginAsSchoolAdmin,
  shot,
  waitForPath,
  type Session,
} from './lib.ts';

// Issue 34 "从 Word 导入", on the real server: the school uploads a Word paper (numbered questions, options on one
// line, a Word fraction, an image) on the online exam's setting page, checks the imported questions beside the
// Word text, and 使用 fills the content of the questions of the same number, ready for 保存设置.

const s: Session = journeySession();
// a 1×1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
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
  zip.file('word/media/image1.png', PNG);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

test('the school imports an online exam’s questions from a Word paper', { timeout: 300_000 }, async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const exam = await createExamWithOneSubject(page, {
    name: '2026学年Word导入演示',
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
  await shot(page, 'online-docx-01-check');
  await modal.getByRole('button', { name: /使用/ }).click();
  await page.getByText('已填入 2 题的内容，请核对后保存设置').waitFor();
  assert.equal(await card.getByLabel('第 1 题题干').inputValue(), '计算 $\\frac{1}{2}+\\frac{1}{3}$ 的值');
  assert.equal(await card.getByLabel('第 1 题选项 D').inputValue(), '1/6');
  assert.match(
    await card.getByLabel('第 2 题题干').inputValue(),
    /^如图，已知 \$\{x\}\^\{2\}=4\$，求 x。\n!\[图片\]\(online-image:/,
  );
  await shot(page, 'online-docx-02-filled');
});
