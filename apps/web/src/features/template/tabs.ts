// The builder's tabs and step list (spec §2): which tab may be opened, and how far the template has got.

/** Entry 0 is the picture (upload and auto-recognition); 1–10 are the ten tabs of spec §2. */
export const TEMPLATE_TABS = [
  { key: 0, label: '模板图像' },
  { key: 1, label: '水平校正' },
  { key: 2, label: '定位区' },
  { key: 3, label: '考号区' },
  { key: 4, label: '客观题' },
  { key: 5, label: 'AB/选做题组' },
  { key: 6, label: '主观题' },
  { key: 7, label: 'AB信息' },
  { key: 8, label: '选做信息' },
  { key: 9, label: '缺考标记' },
  { key: 10, label: '四个定位点' },
] as const;

export type TabKey = (typeof TEMPLATE_TABS)[number]['key'];

/** What is already in place, read from the draft, the subject's structure and the save state. */
export interface BuilderFacts {
  /** every page has its picture */
  imagesDone: boolean;
  /** auto-recognition ran (or the pages came from a saved template) */
  detected: boolean;
  /** the person has looked at the template beyond the picture tab */
  viewed: boolean;
  /** every page has three anchors or a location area */
  positioned: boolean;
  examNumber: boolean;
  /** the subject has a question structure */
  structureSet: boolean;
  /** every objective question of the structure is boxed (at least one group when it has none) */
  objectiveDone: boolean;
  saved: boolean;
  subjectiveDone: boolean;
  absentDone: boolean;
}

/**
 * The 11-entry enable array of spec §2: only the picture at first; each tab opens when the steps
 * before it are done (the picture, then registration, then the exam number, then objective questions).
 */
export function enabledTabs(f: BuilderFacts): boolean[] {
  const picture = f.imagesDone;
  const registered = picture && f.positioned;
  const numbered = registered && f.examNumber;
  const objective = numbered && f.objectiveDone;
  return TEMPLATE_TABS.map(({ key }) => {
    if (key === 0) return true;
    if (key <= 2) return picture;
    if (key === 3) return registered;
    if (key === 4) return numbered;
    return objective;
  });
}

/** The nearest enabled tab at or before `wanted`. */
export function usableTab(wanted: number, enabled: boolean[]): TabKey {
  for (let k = Math.min(wanted, enabled.length - 1); k > 0; k--) if (enabled[k]) return k as TabKey;
  return 0;
}

export type StepStatus = 'success' | 'current' | 'disabled';

export const STEP_TITLES = [
  '扫描模板图像',
  '自动识别',
  '查看模板',
  '定位区',
  '考号区',
  '结构设置',
  '客观题',
  '题块设置',
  '主观题框选',
  '缺考标记',
] as const;

/** The step list of spec §2: done steps are success, the first open one is current, the rest disabled. */
export function builderSteps(f: BuilderFacts): { title: string; status: StepStatus }[] {
  const done = [
    f.imagesDone,
    f.detected,
    f.viewed,
    f.positioned,
    f.examNumber,
    f.structureSet,
    f.objectiveDone,
    f.saved,
    f.subjectiveDone,
    f.absentDone,
  ];
  const current = done.indexOf(false);
  return STEP_TITLES.map((title, i) => ({
    title,
    status: done[i] ? 'success' : i === current ? 'current' : 'disabled',
  }));
}

/** antd Steps status of a step-list item. */
export const STEP_STATUS = { success: 'finish', current: 'process', disabled: 'wait' } as const;
