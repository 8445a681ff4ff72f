import { EXPORT_KIND_LABELS, type TaskItem, type TaskStatus } from '@yj/contracts';
import type { BatchRow, ExportRow, RunRow } from './task.repo';

// Each kind of background work read as a 我的任务 row: its state in the words of the list, how far it is, and —
// where it failed or left something to handle — what happened and what to do, in a person's words (the stored
// error of a detection run is a program's message, never shown).

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const pct = (done: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;

const common = (r: ExportRow | BatchRow | RunRow) => ({
  id: r.id,
  examName: r.examName,
  subjectId: r.subjectId,
  subjectName: r.subjectName,
  userName: r.userName ?? '—',
  createdAt: iso(r.createdAt)!,
});

const EXPORT_STATUS: Record<ExportRow['status'], TaskStatus> = {
  pending: 'queued',
  running: 'running',
  done: 'done',
  failed: 'failed',
  expired: 'expired',
};

/** An export of 下载中心; `mayDownload`: the file route would hand it to this person (own task, or an admin). */
export function exportItem(r: ExportRow, mayDownload: boolean): TaskItem {
  const status = EXPORT_STATUS[r.status];
  return {
    ...common(r),
    key: `export-${r.id}`,
    kind: 'export',
    title: EXPORT_KIND_LABELS[r.kind],
    status,
    progress: status === 'done' ? 100 : r.progress,
    detail: r.rows !== null ? `共 ${r.rows} 行` : null,
    problem:
      status === 'failed'
        ? `${r.error ?? '生成文件失败'}。可在成绩页面再次点击“导出”；多次失败请联系系统管理员`
        : status === 'expired'
          ? '文件已过期（生成后保留 7 天）：请在成绩页面重新导出'
          : null,
    downloadable: status === 'done' && r.hasFile && mayDownload,
    blockId: null,
    finishedAt: iso(r.finishedAt),
    expiresAt: iso(r.expiresAt),
  };
}

/**
 * The recognition of one upload: running while a page waits for it; then done, with the doubts it left to handle
 * (the batch's own state stays 'recognising' while a sheet of it waits on a person, which is not this task's work).
 */
export function batchItem(r: BatchRow): TaskItem {
  const done = r.queued === 0;
  const read = r.pages - r.queued;
  return {
    ...common(r),
    key: `recognition-${r.id}`,
    kind: 'recognition',
    title: `识别答题卡 ${r.pages} 页`,
    status: done ? 'done' : r.queued === r.pages ? 'queued' : 'running',
    progress: done ? 100 : pct(read, r.pages),
    detail: r.voidedAt ? `本批次已作废，需重新扫描（${r.pages} 页）` : `已识别 ${read} / ${r.pages} 页`,
    problem:
      r.openExceptions > 0 && !r.voidedAt
        ? `有 ${r.openExceptions} 处识别异常待处理（考号、填涂、定位等）：请到扫描页面的“识别异常”逐类处理，处理后成绩才完整`
        : null,
    downloadable: false,
    blockId: null,
    finishedAt: done ? iso(r.lastAt) : null,
    expiresAt: null,
  };
}

const RUN_KIND: Record<string, string> = { blank: '智能判空', group: '相同答案归组' };
const RUN_STATUS: Record<string, TaskStatus> = {
  queued: 'queued',
  running: 'running',
  done: 'done',
  failed: 'failed',
};

/** A 智能辅助 detection run over a block. */
export function runItem(r: RunRow): TaskItem {
  const status = RUN_STATUS[r.status] ?? 'running';
  const found =
    status !== 'done'
      ? null
      : r.kind === 'blank'
        ? `发现 ${r.found} 份空白答卷，待题组长核查后判 0 分`
        : `归为 ${r.found} 组相同答案，阅卷时可按组给分`;
  return {
    ...common(r),
    key: `intelligent-${r.id}`,
    kind: 'intelligent',
    title: `${RUN_KIND[r.kind] ?? '智能辅助'} · ${r.blockName}`,
    status,
    progress: status === 'done' ? 100 : pct(r.done, r.total),
    detail: found ?? `已检测 ${r.done} / ${r.total} 份`,
    problem:
      status === 'failed'
        ? '检测中途出错，未能完成：请到该题块的“智能辅助”页重新开始检测；多次失败请联系系统管理员'
        : null,
    downloadable: false,
    blockId: r.blockId,
    finishedAt: iso(r.finishedAt),
    expiresAt: null,
  };
}
