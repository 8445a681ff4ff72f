import { z } from 'zod';
import { id, int, text } from './fields';
import { CardTemplateSchema, type CardTemplate } from './template';
import type { Structure } from './question';
import { groupQuestionNos, mismatchMessages, objectiveMismatches } from './template-fit';

/** Template exception types (spec §3): what is wrong with a saved template. */
export const TemplateException = { none: 0, dtk: 1, page: 2, corner: 3, local: 4 } as const;

/** Spec §3 template fields, with their defaults. */
export const templateMeta = z.object({
  mainTemplateName: text().trim().min(1).max(30).default('主模板'),
  /** online: made from our answer card (dtk); thirdParty: drawn over an uploaded blank card */
  cardType: z.enum(['online', 'thirdParty']).default('thirdParty'),
  colorType: z.enum(['gray', 'color']).default('gray'),
  dpiValue: int(100, 600).default(200),
  isDoubleTemplate: z.boolean().default(false),
});
export type TemplateMeta = z.infer<typeof templateMeta>;

export const templateSave = templateMeta.extend({
  id: id().optional(),
  body: CardTemplateSchema,
});

/**
 * A saved template as answered (shape only: the meta's input rules are not asked of stored rows; the body was
 * parsed with its schema when read).
 */
export const templateItem = z.object({
  id: z.number(),
  subjectId: z.number(),
  mainTemplateName: z.string(),
  cardType: templateMeta.shape.cardType.unwrap(),
  colorType: templateMeta.shape.colorType.unwrap(),
  dpiValue: z.number(),
  isDoubleTemplate: z.boolean(),
  pages: z.number(),
  body: CardTemplateSchema,
  updatedAt: z.string(),
  /** chosen as the template scanning reads this subject's pages with (设为扫描模板) */
  active: z.boolean(),
});
export type TemplateItem = z.infer<typeof templateItem>;

/**
 * The template scanning uses among a subject's templates (oldest first): the chosen one, else the earliest
 * with pages (spec §5: an empty template counts as none), else the earliest.
 */
export function scanningTemplate<T extends { active: boolean; pages: number }>(list: T[]): T | undefined {
  return list.find((t) => t.active) ?? list.find((t) => t.pages > 0) ?? list[0];
}

/** Spec §5: a template whose JSON parses to an empty object counts as no template. */
export function isEmptyTemplate(json: string | null | undefined): boolean {
  if (!json) return true;
  try {
    const v: unknown = JSON.parse(json);
    return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
  } catch {
    return true;
  }
}

/**
 * What stops a template from being used with a subject's structure, in Chinese; empty when ready.
 * Recognition checks on a sample scan (anchors found) come on top of these.
 */
export function templateProblems(t: CardTemplate, s: Structure): string[] {
  const out: string[] = [];
  const bound = new Map<string, number>();
  for (const p of t.pages) {
    if (p.anchors.length < 3 && p.locationAreas.length === 0)
      out.push(`第 ${p.index + 1} 页缺少定位点（至少 3 个）或定位区`);
    for (const g of p.objective)
      for (const no of groupQuestionNos(g)) bound.set(no, (bound.get(no) ?? 0) + 1);
  }
  if (!t.pages.some((p) => p.examNumber)) out.push('模板中没有考号区');
  const unbound = s.objective.filter((q) => !bound.has(q.no)).map((q) => q.no);
  if (unbound.length)
    out.push(`客观题 ${unbound.slice(0, 10).join('、')}${unbound.length > 10 ? ' 等' : ''} 未在模板中框选`);
  const twice = [...bound].filter(([, n]) => n > 1).map(([no]) => no);
  if (twice.length) out.push(`客观题 ${twice.join('、')} 在模板中框选了多次`);
  const objectiveNos = new Set(s.objective.map((q) => q.no));
  const extra = [...bound.keys()].filter((no) => !objectiveNos.has(no));
  if (extra.length) out.push(`模板中的客观题 ${extra.slice(0, 10).join('、')} 不在题目结构中`);
  const subjectiveNos = new Set(s.subjective.map((q) => q.no));
  const boxed = new Set(t.pages.flatMap((p) => p.subjective.map((b) => b.question)));
  const strayBoxes = [...boxed].filter((no) => !subjectiveNos.has(no));
  if (strayBoxes.length) out.push(`主观题框 ${strayBoxes.join('、')} 不在题目结构中`);
  const unboxed = [...subjectiveNos].filter((no) => !boxed.has(no) && !boxed.has(no.replace(/\(\d+\)$/, '')));
  if (unboxed.length) out.push(`主观题 ${unboxed.slice(0, 10).join('、')} 没有答题框`);
  if (s.abEnabled && !t.pages.some((p) => p.ab)) out.push('已启用 AB 卷，模板中缺少 AB 卷标记');
  if (s.optionalGroups.length && !t.pages.some((p) => p.optional.length))
    out.push('有选做题组，模板中缺少选做标记');
  out.push(...mismatchMessages(objectiveMismatches(t, s.objective)));
  return out;
}
