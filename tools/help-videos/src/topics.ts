import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { orderlyStudent, typicalCard } from '@yj/scan-sim';
import {
  APP,
  DEMO_PASSWORD,
  call,
  createExamWithOneSubject,
  login,
  loginAsSchoolAdmin,
  optionOf,
  typicalObjective,
  waitForPath,
} from '../../../e2e/lib.ts';
import { myCount, subjectScene, until } from '../../../e2e/marking-lib.ts';
import { setAcardStructure } from '../../bench/src/acard-structure.ts';
import type { HelpVideoTopic } from '../../../apps/web/src/pages/help/help-videos.ts';
import { caption, pointAt, press, type } from './screen.ts';

// The tasks a school does, as the e2e journeys do them (their helpers and their selectors), slowed to a
// watching pace. Each topic prepares off camera what the task needs (setup) and returns what is filmed.

export interface Flow {
  /** Off camera: data and sign-in; returns the filmed part. `helper` is a second page for another person. */
  setup: (page: Page, helper: Page) => Promise<() => Promise<void>>;
}

const card = typicalCard();
/** the demo teacher who marks the videos' blocks (the data is the recording's own) */
const MARKER = '13800000015';

/** Opens an antd Select by its label and picks the option starting with `text` (exam.e2e.ts's pick, pointed). */
async function pick(page: Page, label: string, text: string, scope: Locator = page.locator('body')) {
  const input = scope.getByLabel(label, { exact: true });
  const select = input.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await pointAt(page, select);
  for (let attempt = 1; ; attempt++) {
    if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click();
    const option = await optionOf(page, input, text);
    await page.waitForTimeout(300);
    await pointAt(page, option);
    await option.click();
    try {
      await select.filter({ hasText: text }).waitFor({ timeout: 5_000 });
      if ((await input.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
      return;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}

async function fillDate(page: Page, placeholder: string, value: string) {
  const input = page.getByPlaceholder(placeholder);
  await type(page, input, value);
  await input.press('Enter');
}

export const TOPICS: Record<HelpVideoTopic, Flow> = {
  'create-exam': {
    setup: async (page) => {
      await loginAsSchoolAdmin(page);
      return async () => {
        await caption(page, '学校管理员在“考试管理”中点击“创建考试”');
        await press(page, page.getByRole('menuitem', { name: '考试管理' }));
        await waitForPath(page, '/book/inSchool');
        await page.locator('[data-testid="exam-table"] .ant-table-row').first().waitFor();
        await press(page, page.getByRole('button', { name: '创建考试' }).first());
        await waitForPath(page, '/book/singleCreateExam');
        await caption(page, '第一步：填写考试名称、年级和开考日期', 800);
        await type(page, page.getByLabel('考试名称'), '2026学年第一学期高一十二月月考');
        await pick(page, '年级', '高一');
        await fillDate(page, '开考日期', '2026-12-10');
        await press(page, page.getByRole('button', { name: '下一步' }));
        await caption(page, '第二步：选择科目，满分按科目自动填好，可以修改', 800);
        await pick(page, '第 1 个科目', '数学');
        await press(page, page.getByRole('button', { name: '添加科目' }));
        await pick(page, '第 2 个科目', '物理');
        await press(page, page.getByRole('button', { name: '创建考试并继续' }));
        await page.waitForURL(/singleCreateExam\?examId=\d+/);
        await page.getByText('还没有考生').waitFor();
        await caption(page, '第三步：按班级添加考生，考号按规则自动生成', 800);
        await press(page, page.getByRole('button', { name: '添加考生' }).first());
        const add = page.getByRole('dialog', { name: '添加考生' });
        await add.getByTestId('kaohao-preview').waitFor();
        await type(page, add.getByLabel('考号前缀'), '27');
        await add.getByText('270101').waitFor();
        await page.waitForTimeout(1200);
        await press(page, add.getByRole('button', { name: /添加 \d+ 名考生/ }));
        await page.locator('[data-testid="examinee-table"] .ant-table-row', { hasText: '270101' }).waitFor();
        await caption(page, '考生添加好后，点“下一步：人员”安排学科负责人和阅卷老师', 3000);
      };
    },
  },

  'answer-card': {
    setup: async (page) => {
      await loginAsSchoolAdmin(page);
      const { subjectId } = await createExamWithOneSubject(page, {
        name: '2026学年高一答题卡制作演示',
        startDate: '2026-12-14',
        course: '数学',
        fullScore: 150,
      });
      await setAcardStructure(page, subjectId);
      await page.goto(`${APP}/book/subject/${subjectId}`);
      await page.getByTestId('subject-detail').waitFor();
      return async () => {
        await caption(page, '题目设置好后，在科目页点击“在线答题卡”');
        await press(page, page.getByRole('button', { name: '在线答题卡' }));
        await page.getByText('还没有在线答题卡').waitFor();
        await press(page, page.getByTestId('new-acard').first());
        await page.getByTestId('acard-designer').waitFor();
        await page.getByTestId('card-page').first().waitFor();
        await caption(page, '系统按题目结构排好答题卡，右侧是实时预览', 1500);
        await caption(page, '可以选择纸张和栏数，修改题框的样式和高度', 500);
        await press(page, page.locator('.ant-radio-button-wrapper, .ant-radio-wrapper', { hasText: '2 栏' }));
        await press(page, page.getByLabel('第13题框型'));
        await press(
          page,
          page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '横线' }),
        );
        await page.getByText(/预览 · 共 \d+ 页/).waitFor();
        await page.waitForTimeout(1200);
        await caption(page, '满意后下载 PDF 印刷，并“保存为模板”用于扫描识别', 800);
        await press(page, page.getByRole('button', { name: '保存为模板' }));
        await page.locator('.ant-message-notice', { hasText: '已保存为模板' }).waitFor();
        await caption(page, '模板已保存：扫描时会按它识别考号、客观题和主观题区域', 3000);
      };
    },
  },

  'scan-upload': {
    setup: async (page) => {
      await loginAsSchoolAdmin(page);
      const { subjectId, examinees } = await subjectScene(page, card, {
        name: '2026学年高一扫描上传演示',
        startDate: '2026-12-15',
        course: '物理',
      });
      const dir = mkdtempSync(path.join(tmpdir(), 'yj-help-sheets-'));
      const files: string[] = [];
      for (const [i, e] of examinees.slice(0, 6).entries()) {
        const sheet = await orderlyStudent(card, 900 + i, e.kaohao);
        for (const [j, jpeg] of [sheet.front.jpeg, sheet.back.jpeg].entries()) {
          const f = path.join(dir, `${String(i * 2 + j + 1).padStart(4, '0')}.jpg`);
          writeFileSync(f, jpeg);
          files.push(f);
        }
      }
      await page.goto(`${APP}/book/subject/${subjectId}/answerCard`);
      await page.getByTestId('scan-upload').waitFor();
      return async () => {
        await caption(page, '在科目的“扫描”页，选择扫描仪扫好的答题卡图片', 800);
        await pointAt(page, page.getByTestId('scan-upload'));
        await page.locator('input[type=file]').setInputFiles(files);
        await page.getByTestId('scan-selection').getByText(`已选 ${files.length} 个文件`).waitFor();
        await page.waitForTimeout(1000);
        await caption(page, '核对文件数后点击上传', 500);
        await press(page, page.getByTestId('scan-send'));
        await page.getByTestId('scan-upload-done').waitFor();
        await caption(page, '上传后系统自动识别考号、客观题和打分栏，进度在下方显示', 800);
        await until('recognition', async () => {
          const p = await call<{ total: { queued: number; matched: number } }>(
            page,
            'GET',
            `/api/subject/${subjectId}/scanExceptionProgress`,
          );
          return p.total.queued === 0 && p.total.matched === 6;
        });
        // the screen follows recognition by itself; a reload only if it has not caught up a few seconds on
        const matched = page.locator('.ant-descriptions-item', { hasText: '已匹配考生' });
        await matched
          .getByText('6', { exact: true })
          .waitFor({ timeout: 8_000 })
          .catch(async () => {
            await page.reload();
            await matched.getByText('6', { exact: true }).waitFor();
          });
        await pointAt(page, page.getByText('已匹配考生'));
        await caption(page, '识别异常的答题卡会列在“异常页”中，点击数字即可逐张处理', 3000);
      };
    },
  },

  marking: {
    setup: async (page, helper) => {
      await loginAsSchoolAdmin(helper);
      const box41 = card.pages[0]!.subjective[0]!;
      const { subjectId, blockIds } = await subjectScene(helper, card, {
        name: '2026学年高一网上阅卷演示',
        startDate: '2026-12-16',
        course: '化学',
        subjective: [{ no: '41', score: 12 }],
        blocks: [{ name: '第41题', nos: ['41'], markCount: 1, regions: [{ page: 0, ...box41.rect }] }],
        scan: { count: 3, seed: 950 },
        staff: { markers: [MARKER] },
        start: true,
      });
      await login(page, MARKER, DEMO_PASSWORD);
      await page.waitForURL('**/minions/book/**');
      await page.goto(`${APP}/book/review/task`);
      const row = page
        .getByTestId('review-exam')
        .filter({ hasText: '2026学年高一网上阅卷演示' })
        .locator('.ant-table-row', { hasText: '第41题' });
      await row.waitFor();
      return async () => {
        await caption(page, '阅卷老师在“阅卷任务”中找到自己的题块，点击“开始阅卷”');
        await press(page, row.getByRole('button', { name: '开始阅卷' }));
        await waitForPath(page, `/book/subject/${subjectId}/mark/${blockIds[0]}/normal/1`);
        await page.getByTestId('mark-image').first().waitFor();
        await caption(page, '左边是学生的作答，看清后给分', 1500);
        await caption(page, '用键盘输入分数，按回车提交，自动进入下一份', 500);
        for (const [i, score] of [9, 11, 6].entries()) {
          await page.getByTestId('mark-image').first().waitFor();
          await page.waitForTimeout(1200);
          for (const k of String(score)) await page.keyboard.press(k);
          // the score stays on the board a moment before it is sent
          await page.waitForTimeout(1200);
          await page.keyboard.press('Enter');
          await myCount(page, i + 1);
        }
        await page.getByText('本题块暂无可阅试卷').waitFor();
        await caption(page, '本题块阅完后，可在“回评”中查看和修改已给的分数', 3000);
      };
    },
  },

  'publish-scores': {
    setup: async (page) => {
      await loginAsSchoolAdmin(page);
      const box48 = card.pages[1]!.subjective.find((x) => x.question === '48')!;
      const { subjectId, examinees } = await subjectScene(page, card, {
        name: '2026学年高一成绩发布演示',
        startDate: '2026-12-17',
        course: '生物',
        objective: typicalObjective(2),
        subjective: [{ no: '48', score: 20 }],
        blocks: [{ name: '第48题', nos: ['48'], markCount: 1, regions: [{ page: 1, ...box48.rect }] }],
        scan: { count: 3, seed: 980 },
        staff: { markers: [MARKER] },
      });
      // the examinees without a sheet were absent; marking took the 打分栏's scores and is finished
      await call(page, 'POST', `/api/subject/${subjectId}/absent`, {
        ids: examinees.slice(3).map((e) => e.id),
        absent: true,
      });
      await call(page, 'GET', `/api/subject/${subjectId}/review/start?force=1`);
      await call(page, 'GET', `/api/subject/${subjectId}/review/done`);
      await page.goto(`${APP}/book/subject/${subjectId}/score/scoreCheck`);
      await page.getByText('核查通过').waitFor();
      return async () => {
        await caption(page, '阅卷完成后，在科目的“成绩”页先看发布前核查', 800);
        await pointAt(page, page.getByText('核查通过'));
        await page.waitForTimeout(1200);
        await caption(page, '在“学生成绩”中核对每名学生的分数，必要时调整并写明原因', 500);
        await press(page, page.getByRole('tab', { name: '学生成绩' }));
        await page.getByTestId('stu-score').locator('.ant-table-row').first().waitFor();
        await page.waitForTimeout(2000);
        await press(page, page.getByRole('tab', { name: '成绩概览' }));
        await caption(page, '确认无误后点击“发布”，学生和老师就能看到成绩', 500);
        await press(page, page.getByTestId('publish-release'));
        const dialog = page.locator('.ant-modal-confirm');
        await press(page, dialog.getByRole('button', { name: /^发\s?布$/ }));
        await page.getByTestId('publish-state').getByText('已发布').waitFor();
        await caption(page, '已发布；如需更正，可以“取消发布”后调整再发布', 3000);
      };
    },
  },
};
