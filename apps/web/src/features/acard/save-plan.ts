import type { CardDesign } from '@yj/contracts';

/** What saving does, and what the user confirms first (null: nothing to confirm). */
export interface SavePlan {
  /** the online template overwritten; undefined: a new template */
  templateId: number | undefined;
  confirm: { title: string; content: string; okText: string } | null;
}

const REPRINT = '若版式有变化，按旧版打印的答题卡将无法识别，请重新下载打印。';

/**
 * Saving an online card: the card being edited is overwritten; a new card overwrites the subject's
 * online template when there is one (a subject scans with one card), else it is added — beside a
 * third-party template only after the user agrees, as scanning reads with the earliest template.
 */
export function savePlan(design: Pick<CardDesign, 'templateId' | 'templates'>, name: string): SavePlan {
  const editing = design.templateId ? design.templates.find((t) => t.id === design.templateId) : undefined;
  if (editing)
    return {
      templateId: editing.id,
      confirm: {
        title: `覆盖模板「${editing.mainTemplateName}」？`,
        content: `保存后识别将按新的版式进行。${REPRINT}`,
        okText: '覆盖保存',
      },
    };
  const online = design.templates.find((t) => t.cardType === 'online');
  if (online)
    return {
      templateId: online.id,
      confirm: {
        title: `该科目已有在线答题卡模板「${online.mainTemplateName}」`,
        content: `保存将覆盖它。${REPRINT}`,
        okText: '覆盖保存',
      },
    };
  const other = design.templates[0];
  if (other)
    return {
      templateId: undefined,
      confirm: {
        title: `该科目已有模板「${other.mainTemplateName}」`,
        content: `将另存一个在线答题卡模板「${name}」。扫描识别使用最早保存的模板，如不再使用旧模板请在模板列表中删除。`,
        okText: '另存为新模板',
      },
    };
  return { templateId: undefined, confirm: null };
}
