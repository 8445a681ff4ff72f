import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  APP,
  call,
  DEMO_EXAM,
  demoSubject,
  loginAsSchoolAdmin,
  shot,
  waitForPath,
  journeySession,
} from './lib.ts';

// The online answer card (issue 5): from a subject's question structure, the designer lays out a card,
// previews it live, downloads the PDF and saves the recognition template without any drawing.

/** The demo exam's subject this spec makes a card for (no other spec touches its templates). */
const SUBJECT = '数学';
const SHOTS = path.join(path.dirname(new URL(import.meta.url).pathname), 'screenshots');

const s = journeySession();

/** Picks an option of an antd radio group by its text (the input itself is hidden under its label). */
async function choose(page: Page, text: string): Promise<void> {
  await page.locator('.ant-radio-button-wrapper, .ant-radio-wrapper', { hasText: text }).click();
}

/** The first preview page's picture, once the preview has settled. */
async function firstPage(page: Page): Promise<string> {
  const img = page.getByTestId('card-page').first();
  await img.waitFor();
  await page.locator('[data-testid="card-preview"] .ant-spin-spinning').waitFor({ state: 'detached' });
  return (await img.getAttribute('src')) ?? '';
}

/** Page 1 of a PDF as a PNG (mupdf at 100 dpi), to look at what is printed; returns the page's text. */
async function pdfToPng(pdf: Buffer, out: string): Promise<string> {
  const mupdf = await import('mupdf');
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const first = doc.loadPage(0);
  const pixmap = first.toPixmap(
    mupdf.Matrix.scale(100 / 72, 100 / 72),
    mupdf.ColorSpace.DeviceRGB,
    false,
    true,
  );
  writeFileSync(out, pixmap.asPNG());
  return first.toStructuredText('preserve-whitespace').asText();
}

test('a teacher designs an online card: preview, columns, PDF, save, list', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const subject = await demoSubject(page, SUBJECT);
  // The structure, as the question-setting screen would save it: 12 单选 × 5 + 13–17 主观 = 150.
  await call(page, 'POST', `/api/api/subject/${subject.id}/setting/questions/objective`, {
    questions: Array.from({ length: 12 }, (_, i) => ({
      no: String(i + 1),
      kind: 'single',
      options: 4,
      score: 5,
    })),
  });
  await call(page, 'POST', `/api/api/subject/${subject.id}/setting/questions/subjective`, {
    questions: [
      { no: '13', score: 12 },
      { no: '14', score: 14 },
      { no: '15', score: 16 },
      { no: '16', score: 18 },
      { no: '17', score: 30 },
    ],
  });

  // subject detail → 在线答题卡 (none yet)
  await page.goto(`${APP}/book/subject/${subject.id}`);
  await page.getByTestId('subject-detail').waitFor();
  await page.getByRole('button', { name: '在线答题卡' }).click();
  await waitForPath(page, `/book/subject/${subject.id}/acard/template/home`);
  await page.getByText('还没有在线答题卡').waitFor();
  await shot(page, 'acard-01-home-empty');

  // the designer: A3, three columns, a 6-digit exam number (the demo's kaohao) by default
  await page.getByTestId('new-acard').first().click();
  await waitForPath(page, `/book/subject/${subject.id}/acard/template/create`);
  await page.getByTestId('acard-designer').waitFor();
  const three = await firstPage(page);
  assert.ok(decodeURIComponent(three).includes('viewBox="0 0 420 297"'), 'A3 landscape');
  assert.equal(await page.getByLabel('考号位数').inputValue(), '6');
  assert.equal(await page.getByLabel('模板名称').inputValue(), '主模板');
  await shot(page, 'acard-02-designer');

  // two columns, ruled lines for 13 and a taller 17: the preview follows
  await choose(page, '2 栏');
  await page.getByLabel('第13题框型').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '横线' }).click();
  await page.getByLabel('第17题高度').fill('150');
  await page.getByLabel('第17题高度').press('Tab');
  await page.waitForFunction(
    (before) => document.querySelector('[data-testid="card-page"]')?.getAttribute('src') !== before,
    three,
  );
  const two = await firstPage(page);
  assert.notEqual(two, three, 'the preview changed');
  await page.getByText(/预览 · 共 \d+ 页/).waitFor();
  await shot(page, 'acard-03-two-columns');

  // a paper that cannot take the columns is refused in Chinese… by the form itself: A4 has 1–2 栏
  await choose(page, 'A4');
  assert.equal(await page.getByRole('radio', { name: '3 栏' }).isDisabled(), true);
  await choose(page, 'A3');
  await choose(page, '2 栏');
  await firstPage(page);

  // 下载 PDF
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '下载 PDF' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), '数学答题卡.pdf');
  const pdf = readFileSync((await download.path())!);
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  const printed = await pdfToPng(pdf, path.join(SHOTS, 'acard-04-pdf-page1.png'));
  assert.ok(printed.includes(DEMO_EXAM), 'the exam name is printed');
  assert.ok(printed.includes('缺考标记'), 'the absent mark is printed');

  // 保存为模板, double-clicked as people do: the first template of the subject, saved once, without a question
  await page.getByRole('button', { name: '保存为模板' }).dblclick();
  await page.locator('.ant-message-notice', { hasText: '已保存为模板「主模板」' }).waitFor();
  await page.waitForURL(/templateId=\d+/);
  await shot(page, 'acard-05-saved');

  const templates = await call<
    Array<{
      id: number;
      mainTemplateName: string;
      cardType: string;
      colorType: string;
      dpiValue: number;
      isDoubleTemplate: boolean;
      pages: number;
      body: { pages: Array<{ image?: string }> };
    }>
  >(page, 'GET', `/api/subject/${subject.id}/templates`);
  assert.equal(templates.length, 1);
  assert.equal(templates[0]!.cardType, 'online');
  assert.equal(templates[0]!.dpiValue, 200);
  // the printed pages are the template's pictures, one per page
  assert.ok(templates[0]!.body.pages.every((p) => /^[0-9a-f]{64}$/.test(p.image ?? '')));

  // 题块框选 on the card just saved (issue 12): the printed card is the picture, each block framed from it
  await call(page, 'POST', `/api/subject/${subject.id}/setting/block`, {
    blocks: [
      { name: '第13-14题', nos: ['13', '14'] },
      { name: '第15-17题', nos: ['15', '16', '17'] },
    ],
  });
  // a card saved before its pictures were kept: the editor offers to save it again as it is now
  const t = templates[0]!;
  await call(page, 'POST', `/api/subject/${subject.id}/template`, {
    id: t.id,
    mainTemplateName: t.mainTemplateName,
    cardType: t.cardType,
    colorType: t.colorType,
    dpiValue: t.dpiValue,
    isDoubleTemplate: t.isDoubleTemplate,
    body: { ...t.body, pages: t.body.pages.map(({ image: _, ...p }) => p) },
  });
  await page.goto(`${APP}/book/subject/${subject.id}/setting/block/style`);
  await page.getByTestId('style-blocks').waitFor();
  await page.getByText('模板没有保存答题卡图片').waitFor();
  await page.getByTestId('render-card-pictures').click();
  await page.locator('.ant-message-notice', { hasText: '生成了答题卡图片' }).waitFor();
  const picture = page.locator('[data-testid="block-style"] svg image').first();
  await picture.waitFor();
  assert.match((await picture.getAttribute('href')) ?? '', /\/template\/image\/[0-9a-f]{64}/);
  assert.equal(await page.getByText('模板没有保存答题卡图片').count(), 0);
  // the card's own answer boxes frame every block (issue 31: each said 未框选 and needed 采用 one by one)
  await page
    .getByTestId('style-block-第13-14题')
    .getByText(/\d+ 个区域/)
    .waitFor();
  assert.equal(await page.getByText('有建议区域').count(), 0);
  assert.equal(await page.getByTestId('accept-all-proposals').count(), 0);
  await page.getByTestId('style-block-第15-17题').click();
  await page.getByTestId('style-region').first().waitFor();
  await page.getByTestId('save-style').click();
  await page.locator('.ant-message-notice', { hasText: '题块区域和给分点已保存' }).waitFor();
  await page
    .getByTestId('style-block-第15-17题')
    .getByText(/\d+ 个区域/)
    .waitFor();
  await shot(page, 'acard-06a-block-style');
  await page.getByTestId('preview-cut').click();
  await page.getByTestId('preview-source').getByText('还没有扫描的答题卡：切自模板图片').waitFor();
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="preview-image"]') as HTMLImageElement | null)?.complete,
  );
  await shot(page, 'acard-06b-block-preview');
  await page.keyboard.press('Escape');
  await page.goto(`${APP}/book/subject/${subject.id}/acard/template/create?templateId=${templates[0]!.id}`);
  await page.getByTestId('acard-designer').waitFor();

  // the list shows it, in step with the structure; 编辑 reopens the saved options
  await page.getByRole('button', { name: '在线答题卡列表' }).click();
  await waitForPath(page, `/book/subject/${subject.id}/acard/template/home`);
  const row = page.locator('.ant-table-row', { hasText: '主模板' });
  await row.waitFor();
  await row.getByText('与题目结构一致').waitFor();
  await row.getByText('A3（横排） · 2 栏 · 单面').waitFor();
  await shot(page, 'acard-06-home-list');

  const [again] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: '下载' }).click(),
  ]);
  assert.equal(
    readFileSync((await again.path())!)
      .subarray(0, 5)
      .toString('latin1'),
    '%PDF-',
  );

  await row.getByRole('button', { name: '编辑' }).click();
  await page.getByTestId('acard-designer').waitFor();
  assert.equal(await page.getByRole('radio', { name: '2 栏' }).isChecked(), true);
  assert.equal(await page.getByLabel('第17题高度').inputValue(), '150');

  // an essay grid (作文格) for 17: previewed, not saved
  const before = await firstPage(page);
  await page.getByLabel('第17题框型').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '作文格' }).click();
  await page.getByLabel('第17题字数').waitFor();
  await page.waitForFunction(
    (prev) =>
      [...document.querySelectorAll('[data-testid="card-page"]')].every(
        (i) => i.getAttribute('src') !== prev,
      ),
    before,
  );
  await firstPage(page);
  await page.getByText('有未保存的修改').waitFor();
  await shot(page, 'acard-07-essay');
});

test('a subject without questions is told what to fix; dtk leads to a subject', async () => {
  const { page } = s;
  const chinese = await demoSubject(page, '语文');
  await page.goto(`${APP}/book/subject/${chinese.id}/acard/template/create`);
  await page.getByTestId('card-preview-error').getByText('还没有录入任何题目').waitFor();
  assert.equal(await page.getByRole('button', { name: '保存为模板' }).isDisabled(), true);
  await shot(page, 'acard-08-no-questions');

  // the header's 答题卡制作 entry opens the tool
  await page.locator('.ant-layout-header').getByRole('link', { name: '答题卡制作' }).click();
  await waitForPath(page, '/book/dtk');
  await page.getByTestId('dtk').waitFor();
  await page.getByLabel('考试').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: DEMO_EXAM }).click();
  await page.getByLabel('科目').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: SUBJECT }).click();
  await shot(page, 'acard-09-dtk');
  await page.getByRole('button', { name: '打开在线答题卡' }).click();
  await page.getByTestId('acard-home').waitFor();
  await page.locator('.ant-table-row', { hasText: '主模板' }).waitFor();

  // question 17 split in two parts after saving: the card is out of step until laid out again
  // (POST /api/subject/{subjectId}/dtk/{dtkId})
  const math = await demoSubject(page, SUBJECT);
  await call(page, 'POST', `/api/api/subject/${math.id}/setting/questions/subjective`, {
    questions: [
      { no: '13', score: 12 },
      { no: '14', score: 14 },
      { no: '15', score: 16 },
      { no: '16', score: 18 },
      { no: '17(1)', score: 10 },
      { no: '17(2)', score: 20 },
    ],
  });
  await page.reload();
  const row = page.locator('.ant-table-row', { hasText: '主模板' });
  await row.getByText('需重新保存').waitFor();
  assert.equal(await row.getByRole('button', { name: '下载' }).isDisabled(), true);
  await shot(page, 'acard-10-outdated');
  await row.getByRole('button', { name: '按当前结构更新' }).click();
  await row.getByText('与题目结构一致').waitFor();
  assert.equal(await row.getByRole('button', { name: '按当前结构更新' }).count(), 0);
  await shot(page, 'acard-11-refreshed');
});
