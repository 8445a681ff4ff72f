import type { ScanExceptionCounts, ScanExceptionItem, ScanExceptionTypeValue } from '@yj/contracts';

/** One badge of scan/scanException: its count field, label and the exception types behind it. */
export interface Badge {
  key: keyof Omit<
    ScanExceptionCounts,
    'riskItems' | 'anchorExceptionCount' | 'examNoExceptionCount' | 'duplicateExamNoExceptionCount'
  >;
  label: string;
  types: ScanExceptionTypeValue[];
}

/** The badges in screen order (spec §3 names first). */
export const BADGES: Badge[] = [
  { key: 'locationExp', label: '定位异常', types: ['location'] },
  { key: 'kaohaoExp', label: '考号异常', types: ['kaohao'] },
  { key: 'kaohaoRepeat', label: '考号重复', types: ['kaohaoRepeat'] },
  { key: 'objExp', label: '客观题异常', types: ['objective'] },
  { key: 'subExp', label: '主观题异常', types: ['subjective', 'image'] },
  { key: 'abExp', label: 'AB卷异常', types: ['ab'] },
  { key: 'optionalExp', label: '选做题异常', types: ['optional'] },
  { key: 'absentExp', label: '缺考', types: ['absent'] },
  { key: 'otherExp', label: '其他异常', types: ['blank', 'wrongPage'] },
];

/** Risk items of spec §3 with their Chinese names. */
export const RISK_LABELS: Record<keyof ScanExceptionCounts['riskItems'], string> = {
  local: '定位',
  examNo: '考号',
  objective: '客观题',
  subjective: '主观题',
  abPaper: 'AB卷',
  absent: '缺考',
};

/** Total of the open exceptions behind the badges. */
export const openTotal = (c: ScanExceptionCounts): number => BADGES.reduce((s, b) => s + c[b.key], 0);

/** A bubble's fill as a mark: ● filled, ◐ doubtful, ○ empty (the thresholds only group alike cases). */
export function fillMark(fill: number): string {
  if (fill >= 0.45) return '●';
  if (fill >= 0.2) return '◐';
  return '○';
}

const fillsOf = (e: ScanExceptionItem): number[] =>
  Array.isArray(e.detail.fills) ? (e.detail.fills as unknown[]).map((v) => Number(v) || 0) : [];

/**
 * Whether recognition put options in doubt by what lies outside their bubbles (a ring round one, a tick after
 * it: `detail.doubted`): its fills then say nothing of the answer, and two such cases alike in fills may want
 * different answers.
 */
export const doubtedOutside = (e: ScanExceptionItem): boolean =>
  Array.isArray(e.detail.doubted) && e.detail.doubted.length > 0;

/** Objective exceptions that look alike: same question, same fill pattern; confirmed together. */
export interface ObjectiveGroup {
  key: string;
  question: string;
  pattern: string;
  items: ScanExceptionItem[];
}

/**
 * Groups objective exceptions by question and fill pattern, the largest groups first. A case doubted by what lies
 * outside its bubbles (doubtedOutside) is a group of its own: one answer for all would settle a ring round B and
 * a tick after D alike.
 */
export function groupObjective(items: ScanExceptionItem[]): ObjectiveGroup[] {
  const groups = new Map<string, ObjectiveGroup>();
  for (const e of items) {
    const question = e.region ?? '';
    const pattern = fillsOf(e).map(fillMark).join('');
    const key = doubtedOutside(e) ? `${question}|${pattern}|#${e.id}` : `${question}|${pattern}`;
    const g = groups.get(key) ?? { key, question, pattern, items: [] };
    g.items.push(e);
    groups.set(key, g);
  }
  return [...groups.values()].sort(
    (a, b) =>
      b.items.length - a.items.length ||
      a.question.localeCompare(b.question, 'zh-CN', { numeric: true }) ||
      a.pattern.localeCompare(b.pattern),
  );
}

/** The option a key press means: A–E pick the first five options (so A/B work on 对/错 too), or the label itself. */
export function optionForKey(key: string, options: string[]): string | null {
  const k = key.toUpperCase();
  if (k.length !== 1) return null;
  if (options.includes(k)) return k;
  const i = k.charCodeAt(0) - 65;
  return i >= 0 && i < 5 && i < options.length ? options[i]! : null;
}

/**
 * The keys the 客观题 screen names for picking an option (optionForKey): the labels where they are letters (T/F on
 * a 判断, A–D on a choice), else A, B … for the first five (对/错 cannot be typed).
 */
export function optionKeysHint(options: string[]): string {
  const keys = options.every((o) => /^[A-Z]$/.test(o))
    ? options
    : options.slice(0, 5).map((_, i) => String.fromCharCode(65 + i));
  const inOrder = keys.every((k, i) => k === String.fromCharCode(65 + i));
  return inOrder && keys.length > 2 ? `${keys[0]}–${keys[keys.length - 1]}` : keys.join('/');
}

/** Toggles an option in a selection, keeping the options' order. */
export function toggleOption(selected: string[], option: string, options: string[]): string[] {
  const next = selected.includes(option) ? selected.filter((x) => x !== option) : [...selected, option];
  return options.filter((o) => next.includes(o));
}

/** The file kinds the server unpacks (scan-input.ts), by name. */
const ACCEPTED = /\.(jpe?g|png|tiff?|pdf|zip)$/i;
export const isScanFile = (name: string): boolean => ACCEPTED.test(name);
/** The accept attribute of the file picker. */
export const SCAN_ACCEPT = '.jpg,.jpeg,.png,.tif,.tiff,.pdf,.zip';

/** Limits of one selection; it is sent in chunks well under one request's limits (scan.routes.ts). */
export const UPLOAD_LIMITS = { files: 20_000, bytes: 50 * 1024 * 1024 * 1024 };

/** Files in the order a scanner numbered them: 2.jpg before 10.jpg, so pages of a paper stay together. */
export function sortScanFiles<T extends { name: string }>(files: T[]): T[] {
  return [...files].sort((a, b) => a.name.localeCompare(b.name, 'zh-CN', { numeric: true }));
}

/** Why a selection cannot be sent, or null: wrong kinds, too many files, too large. */
export function checkSelection(files: { name: string; size: number }[]): string | null {
  if (!files.length) return '请选择要上传的答题卡文件';
  const bad = files.find((f) => !isScanFile(f.name));
  if (bad) return `文件“${bad.name}”不是支持的格式，请上传 jpg、png、tif、pdf 图片或 zip 压缩包`;
  if (files.length > UPLOAD_LIMITS.files) return `一次最多选择 ${UPLOAD_LIMITS.files} 个文件，请分批上传`;
  if (files.reduce((s, f) => s + f.size, 0) > UPLOAD_LIMITS.bytes) return '一次选择的文件过大，请分批上传';
  return null;
}

/** A click on a shown image → image pixels (the image is scaled to fit its box). */
export function toImagePoint(
  click: { x: number; y: number },
  shown: { width: number; height: number },
  natural: { width: number; height: number },
): { x: number; y: number } {
  return {
    x: Math.round((click.x * natural.width) / shown.width),
    y: Math.round((click.y * natural.height) / shown.height),
  };
}

/** Percent of a batch's pages recognised (blank and exception pages are recognised too). */
export function batchPercent(b: { pages: number; queued: number }): number {
  // nothing to recognise is no progress to show: an empty bar, not a full one for 0/0
  if (b.pages === 0) return 0;
  return Math.floor(((b.pages - b.queued) / b.pages) * 100);
}

/** Why a typed score does not fit the strip's question (the server says the same in its own words). */
export function typedScoreProblem(v: number | null, rule: { max: number; step: number }): string | null {
  if (v === null) return '请输入分数';
  if (v < 0) return '分数不能小于 0';
  if (v > rule.max) return `满分 ${rule.max} 分，输入的分数超过满分`;
  if (!Number.isInteger(v / rule.step)) return rule.step === 1 ? '该题只能给整数分' : '分数只能是 0.5 的倍数';
  return null;
}
