import { beforeAll, describe, expect, it } from 'vitest';
import {
  CardTemplateSchema,
  parseQuickEntry,
  templateProblems,
  type CardDesign,
  type CardItem,
  type CardPreview,
  type Structure,
  type StructureInfo,
  type TemplateItem,
} from '@yj/contracts';
import { body } from '../../../test/app';
import { buildSubjectScene } from '../../../test/factories';
import { blockerMessage, cardIdOf, resolveOptions, structureBlockers } from './card-rules';
import { setQuestions } from '../../../test/subject-fixture';
import { appFixture } from '../../../test/app-fixture';

type Client = Awaited<ReturnType<typeof buildSubjectScene>>['admin'];
const t = appFixture();
let admin: Client;
let teacher: Client;
let subjectId: number;
let emptySubjectId: number;
let emptyAdmin: Client;

const url = (id: number, p: string) => `/filter/api/subject/${id}/card${p}`;

beforeAll(async () => {
  ({ admin, teacher, subjectId } = await buildSubjectScene(t.app, t.database.db, {
    name: '答题卡考试',
    course: '语文',
    fullScore: 100,
  }));
  await setQuestions(admin, subjectId, '1-10 单选 A-D 每题3分', [
    { no: '11', score: 10 },
    { no: '12', score: 15 },
    { no: '13', score: 45 },
  ]);
  const empty = await buildSubjectScene(t.app, t.database.db, {
    name: '空考试',
    course: '数学',
    fullScore: 150,
  });
  emptyAdmin = empty.admin;
  emptySubjectId = empty.subjectId;
});

describe('online answer card', () => {
  it('opens the designer with defaults from the structure and the exam', async () => {
    const d = body<CardDesign>(await admin.get(url(subjectId, ''))).data;
    expect(d).toMatchObject({
      templateId: null,
      examName: '答题卡考试',
      subjectName: '语文',
      objectiveCount: 10,
    });
    expect(d.options).toMatchObject({ paper: 'A3', columns: 3, twoSided: false });
    expect(d.options.examNumber).toEqual({ kind: 'bubbles', digits: 8 });
    // 语文: the 45-point question becomes the essay
    expect(d.options.boxes).toEqual({ '13': { style: 'essay', essayChars: 800 } });
    expect(d.questions.map((q) => q.no)).toEqual(['11', '12', '13']);
  });

  it('previews every page as SVG, and changes with the columns', async () => {
    const three = body<CardPreview>(await admin.post(url(subjectId, '/preview'), {}));
    expect(three.code).toBe(0);
    expect(three.data.pages.length).toBeGreaterThan(0);
    expect(three.data.pages[0]!.svg).toMatch(/^<svg[^>]+viewBox="0 0 420 297"/);
    expect(three.data.pages[0]!.svg).toContain('答题卡考试');
    const a4 = body<CardPreview>(
      await admin.post(url(subjectId, '/preview'), { paper: 'A4', columns: 1 }),
    ).data;
    expect(a4.pages[0]!.svg).toMatch(/viewBox="0 0 210 297"/);
    expect(a4.cardId).not.toBe(three.data.cardId);
  });

  it('turns a layout refusal into its Chinese message and a bad body into field errors', async () => {
    const cols = body(await admin.post(url(subjectId, '/preview'), { paper: 'A4', columns: 3 }));
    expect(cols).toMatchObject({ code: 1, message: 'A4 纸张只能排 1 或 2 栏' });
    const digits = body<Array<{ field: string }>>(
      await admin.post(url(subjectId, '/preview'), { examNumber: { kind: 'bubbles', digits: 20 } }),
    );
    expect(digits.code).toBe(1);
    expect(digits.data[0]?.field).toBe('examNumber.digits');
  });

  it('downloads a PDF with the card font embedded and a Chinese file name', async () => {
    const res = await admin.call('POST', url(subjectId, '/pdf'), { paper: 'A4', columns: 2 });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('语文答题卡.pdf')}`,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/FontFile3?\b/);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansHans/);
  });

  it('saves the recognition template (online, 主模板, 200 dpi) that matches the structure, and reopens it', async () => {
    const saved = body<{ template: TemplateItem; cardId: string }>(
      await admin.post(url(subjectId, '/save'), {
        paper: 'A3',
        columns: 2,
        twoSided: true,
        scoreBoxes: true,
      }),
    );
    expect(saved.code).toBe(0);
    expect(saved.data.template).toMatchObject({
      cardType: 'online',
      mainTemplateName: '主模板',
      dpiValue: 200,
    });
    const list = body<TemplateItem[]>(await admin.get(`/filter/api/subject/${subjectId}/templates`)).data;
    expect(list).toHaveLength(1);
    const tpl = CardTemplateSchema.parse(list[0]!.body);
    expect(tpl.id).toBe(saved.data.cardId);
    expect(tpl.pages.length % 2).toBe(0);
    const structure = body<StructureInfo>(
      await admin.get(`/filter/yue/api/subject/${subjectId}/setting/questions/info`),
    ).data.structure;
    expect(templateProblems(tpl, structure)).toEqual([]);

    const reopened = body<CardDesign>(
      await admin.get(url(subjectId, `?templateId=${saved.data.template.id}`)),
    ).data;
    expect(reopened).toMatchObject({ templateId: saved.data.template.id, mainTemplateName: '主模板' });
    expect(reopened.options).toMatchObject({ paper: 'A3', columns: 2, twoSided: true, scoreBoxes: true });
    const cards = body<CardItem[]>(await admin.get(`/filter/api/subject/${subjectId}/cards`)).data;
    expect(cards).toEqual([
      expect.objectContaining({ templateId: saved.data.template.id, paper: 'A3', current: true }),
    ]);

    const again = await admin.call('GET', url(subjectId, `/${saved.data.template.id}/pdf`));
    expect(again.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // overwriting keeps one template
    const over = body(
      await admin.post(url(subjectId, '/save'), {
        templateId: saved.data.template.id,
        paper: 'A3',
        columns: 3,
      }),
    );
    expect(over.code).toBe(0);
    expect(
      body<TemplateItem[]>(await admin.get(`/filter/api/subject/${subjectId}/templates`)).data,
    ).toHaveLength(1);
  });

  it('lays a saved card (dtk) out again after the structure changed: POST …/dtk/{dtkId}', async () => {
    const [card] = body<CardItem[]>(await admin.get(`/filter/api/subject/${subjectId}/cards`)).data;
    expect(card?.current).toBe(true);
    const before = body<TemplateItem[]>(await admin.get(`/filter/api/subject/${subjectId}/templates`)).data;
    // question 11 now has two parts: the saved card no longer matches
    await admin.post(`/filter/api/api/subject/${subjectId}/setting/questions/subjective`, {
      questions: [
        { no: '11(1)', score: 4 },
        { no: '11(2)', score: 6 },
        { no: '12', score: 15 },
        { no: '13', score: 45 },
      ],
    });
    const stale = body<CardItem[]>(await admin.get(`/filter/api/subject/${subjectId}/cards`)).data;
    expect(stale[0]!.current).toBe(false);
    expect(body(await admin.call('GET', url(subjectId, `/${card!.templateId}/pdf`))).message).toContain(
      '请打开答题卡重新保存后再下载',
    );

    const dtk = (id: number) => `/filter/api/subject/${subjectId}/dtk/${id}`;
    const refreshed = body<{ template: TemplateItem; cardId: string }>(
      await admin.post(dtk(card!.templateId)),
    );
    expect(refreshed.code).toBe(0);
    expect(refreshed.data.template).toMatchObject({ id: card!.templateId, mainTemplateName: '主模板' });
    expect(refreshed.data.cardId).not.toBe(before[0]!.body.id);
    const after = body<CardItem[]>(await admin.get(`/filter/api/subject/${subjectId}/cards`)).data;
    expect(after).toEqual([
      expect.objectContaining({ templateId: card!.templateId, columns: 3, current: true }),
    ]);
    const boxes = body<TemplateItem[]>(
      await admin.get(`/filter/api/subject/${subjectId}/templates`),
    ).data[0]!.body.pages.flatMap((p) => p.subjective.map((b) => b.question));
    expect(boxes).toEqual(expect.arrayContaining(['11(1)', '11(2)']));

    expect(body(await admin.post(dtk(999999))).message).toBe('在线答题卡不存在或已删除');
    expect(body(await teacher.post(dtk(card!.templateId))).message).toBe('无权限');
  });

  it('tells what to fix in a structure that cannot make a card', async () => {
    const res = body(await emptyAdmin.post(url(emptySubjectId, '/preview'), {}));
    expect(res).toMatchObject({ code: 1, message: blockerMessage(['还没有录入任何题目']) });
    expect(res.message).toContain('请先在“题目设置”中修改');
    expect(body(await emptyAdmin.post(url(emptySubjectId, '/save'), {})).code).toBe(1);
    const quick = parseQuickEntry('1-10 单选 A-D 每题3分');
    if (!quick.ok) throw new Error(quick.error);
    await emptyAdmin.post(`/filter/api/api/subject/${emptySubjectId}/setting/questions/objective`, {
      questions: quick.questions,
    });
    const short = body(await emptyAdmin.post(url(emptySubjectId, '/preview'), {}));
    expect(short.code).toBe(1);
    expect(short.message).toContain('题目总分 30 分（客观 30 + 主观 0）与科目满分 150 分不一致，相差 120 分');
  });

  it('refuses a teacher without a role', async () => {
    expect(body(await teacher.post(url(subjectId, '/preview'), {})).message).toBe('无权限');
    expect(body(await teacher.post(url(subjectId, '/save'), {})).message).toBe('无权限');
    expect(body(await teacher.call('POST', url(subjectId, '/pdf'), {})).message).toBe('无权限');
  });
});

describe('card rules', () => {
  const structure: Structure = {
    objective: [
      {
        no: '1',
        kind: 'single',
        options: 4,
        score: 60,
        answer: '',
        partialScore: null,
        answerB: '',
        bNo: null,
      },
    ],
    subjective: [{ no: '2', score: 40, step: 1, bNo: null }],
    optionalGroups: [],
    abEnabled: false,
  };

  it('ignores missing answer keys but names totals that do not add up', () => {
    expect(structureBlockers(structure, 100)).toEqual([]);
    expect(structureBlockers(structure, 120)[0]).toContain('与科目满分 120 分不一致，相差 20 分');
  });

  it('gives a card id that follows the layout and not the title', () => {
    const o = resolveOptions({ paper: 'A3', twoSided: false, scoreBoxes: false, boxes: {}, order: [] }, 8);
    const id = cardIdOf(7, structure, o);
    expect(id).toMatch(/^7-[0-9a-f]{10}$/);
    expect(cardIdOf(7, structure, { ...o, title: '另一个标题' })).toBe(id);
    expect(cardIdOf(7, structure, { ...o, columns: 2 })).not.toBe(id);
  });
});
