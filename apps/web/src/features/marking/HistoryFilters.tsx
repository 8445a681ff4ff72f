import { DatePicker, InputNumber } from 'antd';
import type { Dayjs } from 'dayjs';
import type { HistoryQuery } from './marking.api';

/** The score and time filters of 回评 and /book/history. */
export interface ScoreTimeFilters {
  minScore: number | null;
  maxScore: number | null;
  range: [Dayjs | null, Dayjs | null] | null;
}

export const NO_SCORE_TIME: ScoreTimeFilters = { minScore: null, maxScore: null, range: null };

/** The history query of the filters: the time range covers the whole of its last day. */
export function toHistoryQuery(page: number, size: number, f: ScoreTimeFilters): HistoryQuery {
  const q: HistoryQuery = { page, size };
  if (f.minScore !== null) q.minScore = f.minScore;
  if (f.maxScore !== null) q.maxScore = f.maxScore;
  if (f.range?.[0]) q.from = f.range[0].startOf('day').toISOString();
  if (f.range?.[1]) q.to = f.range[1].endOf('day').toISOString();
  return q;
}

/** 得分 … 至 … and 提交时间: the draft's fields, applied by the caller's 查询 button. */
export function ScoreTimeFields<F extends ScoreTimeFilters>({
  draft,
  onChange,
  maxScore,
}: {
  draft: F;
  onChange: (next: F) => void;
  maxScore: number;
}) {
  return (
    <>
      <span>得分</span>
      <InputNumber
        aria-label="最低分"
        min={0}
        max={maxScore}
        value={draft.minScore}
        onChange={(v) => onChange({ ...draft, minScore: v })}
      />
      <span>至</span>
      <InputNumber
        aria-label="最高分"
        min={0}
        max={maxScore}
        value={draft.maxScore}
        onChange={(v) => onChange({ ...draft, maxScore: v })}
      />
      <span>提交时间</span>
      <DatePicker.RangePicker value={draft.range} onChange={(r) => onChange({ ...draft, range: r })} />
    </>
  );
}
