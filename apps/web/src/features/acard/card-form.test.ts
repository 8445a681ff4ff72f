import type { CardDesign, CardQuestion } from '@yj/contracts';
import { describe, expect, it } from 'vitest';
import { bodyKey, boxOf, move, ordered, toBody, withBox, withPaper, type CardForm } from './card-form';
import { savePlan } from './save-plan';

const form: CardForm = {
  paper: 'A3',
  columns: 3,
  examNumber: { kind: 'bubbles', digits: 6 },
  twoSided: false,
  scoreBoxes: false,
  boxes: {},
  order: [],
};
const q = (no: string, optionalGroup: string | null = null): CardQuestion => ({
  no,
  score: 10,
  defaultHeight: 68,
  optionalGroup,
});
const questions = [q('13'), q('14'), q('15', '一'), q('16', '一'), q('17')];
const nos = (f: CardForm) => ordered(f, questions).map((x) => x.no);

describe('card designer form', () => {
  it('keeps the column count a new paper allows, else takes its default', () => {
    expect(withPaper(form, 'B4')).toMatchObject({ paper: 'B4', columns: 3 });
    expect(withPaper(form, 'A4')).toMatchObject({ paper: 'A4', columns: 1 });
    expect(withPaper({ ...form, columns: 2 }, 'A4').columns).toBe(2);
  });

  it('stores only what differs from the default box', () => {
    const tall = withBox(form, q('13'), { height: 90 });
    expect(tall.boxes).toEqual({ '13': { height: 90 } });
    expect(withBox(tall, q('13'), { height: 68 }).boxes).toEqual({});
    const essay = withBox(form, q('17'), { style: 'essay' });
    expect(essay.boxes).toEqual({ '17': { style: 'essay' } });
    expect(boxOf(essay, q('17'))).toEqual({ style: 'essay', height: 68, essayChars: 800 });
    expect(withBox(essay, q('17'), { essayChars: 1000 }).boxes['17']).toEqual({
      style: 'essay',
      essayChars: 1000,
    });
    expect(withBox(essay, q('17'), { style: 'blank' }).boxes).toEqual({});
  });

  it('moves questions, a 选做 group as one block, and forgets an order back to the natural one', () => {
    const down = move(form, questions, '14', 1);
    expect(nos(down)).toEqual(['13', '15', '16', '14', '17']);
    expect(nos(move(down, questions, '16', 1))).toEqual(['13', '14', '15', '16', '17']);
    expect(move(down, questions, '16', 1).order).toEqual([]);
    expect(move(form, questions, '13', -1)).toBe(form);
  });

  it('sends a trimmed title only when there is one', () => {
    expect(toBody({ ...form, title: '  ' })).not.toHaveProperty('title');
    expect(toBody({ ...form, title: ' 期中 ' }).title).toBe('期中');
    expect(bodyKey(form)).toBe(bodyKey({ ...form }));
  });
});

describe('saving a card', () => {
  const tpl = (id: number, cardType: 'online' | 'thirdParty', name = '主模板') => ({
    id,
    mainTemplateName: name,
    cardType,
    updatedAt: '2026-11-01T00:00:00Z',
  });
  const design = (templateId: number | null, templates: CardDesign['templates']) => ({
    templateId,
    templates,
  });

  it('saves a first template without asking', () => {
    expect(savePlan(design(null, []), '主模板')).toEqual({ templateId: undefined, confirm: null });
  });

  it('asks before overwriting the card being edited or the subject’s online card', () => {
    const editing = savePlan(design(3, [tpl(3, 'online', '数学卡')]), '数学卡');
    expect(editing.templateId).toBe(3);
    expect(editing.confirm?.title).toBe('覆盖模板「数学卡」？');
    const fresh = savePlan(design(null, [tpl(1, 'thirdParty'), tpl(2, 'online')]), '主模板');
    expect(fresh.templateId).toBe(2);
    expect(fresh.confirm?.okText).toBe('覆盖保存');
  });

  it('adds beside a third-party template only after asking', () => {
    const plan = savePlan(design(null, [tpl(1, 'thirdParty', '第三方卡')]), '在线卡');
    expect(plan.templateId).toBeUndefined();
    expect(plan.confirm?.title).toBe('该科目已有模板「第三方卡」');
    expect(plan.confirm?.okText).toBe('另存为新模板');
  });
});
