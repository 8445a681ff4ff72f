import type { MarkBlockInfo } from '@yj/contracts';
import { Button, Flex, Select, Switch, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SamplesButton } from '../trial/SamplesButton';
import { markPath, type MarkRouteType } from './mark-route';
import { perHour } from './speed';

const TYPE_LABELS: Record<MarkRouteType, string> = {
  normal: '阅卷',
  arbitration: '仲裁',
  problem: '问题卷',
  trial: '试评',
};

/** The screen's modes, remembered per block: quickScore (one key scores and submits), standardScore. */
export function useModes(blockId: number) {
  const key = `mark.modes.${blockId}`;
  const [modes, setModes] = useState<{ quick: boolean; standard: boolean }>(() => {
    try {
      const raw = JSON.parse(localStorage.getItem(key) ?? '{}') as { quick?: unknown; standard?: unknown };
      return { quick: raw.quick === true, standard: raw.standard === true };
    } catch {
      return { quick: false, standard: false };
    }
  });
  const set = (patch: Partial<typeof modes>) => {
    const next = { ...modes, ...patch };
    setModes(next);
    localStorage.setItem(key, JSON.stringify(next));
  };
  return { modes, set };
}

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** Block, my count and speed, the modes and the help. */
export function MarkHeader(props: {
  info: MarkBlockInfo;
  type: MarkRouteType;
  done: number;
  submittedAt: readonly number[];
  startedAt: number;
  modes: ReturnType<typeof useModes>;
  quickOffered: boolean;
  display: number;
  onHelp: () => void;
  /** /book/multi keeps the marker on its own page: the papers per screen change there, not by address */
  onDisplay?: (n: number) => void;
}) {
  const { info, type, done, submittedAt, startedAt, modes, quickOffered, display, onHelp, onDisplay } = props;
  const navigate = useNavigate();
  const now = Math.max(useMinuteClock(), submittedAt[submittedAt.length - 1] ?? 0);
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Flex gap={8} align="center" wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {info.examName} · {info.subjectName} · {info.blockName}
        </Typography.Title>
        <Tag color={type === 'normal' ? 'blue' : 'orange'}>{TYPE_LABELS[type]}</Tag>
        <Typography.Text data-testid="my-count">
          已阅 <b>{done}</b>
          {info.mine.quota !== null && ` / ${info.mine.quota}`} 份
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="my-speed">
          速度 {perHour(submittedAt, startedAt, now)} 份/小时
        </Typography.Text>
      </Flex>
      <Flex gap={12} align="center" wrap>
        {(type === 'normal' || type === 'trial') && (
          <Select
            size="small"
            aria-label="每屏份数"
            value={display}
            style={{ width: 110 }}
            onChange={(v) =>
              onDisplay ? onDisplay(v) : void navigate(markPath(info.subjectId, info.blockId, type, v))
            }
            options={[1, 2, 3, 4].map((n) => ({ value: n, label: n === 1 ? '每屏 1 份' : `多评 ${n} 份` }))}
          />
        )}
        <Tooltip title={quickOffered ? '按数字键即给该分并提交' : '仅单题且无给分点的题块可用'}>
          <label>
            <Switch
              size="small"
              checked={modes.modes.quick && quickOffered}
              disabled={!quickOffered}
              onChange={(quick) => modes.set({ quick })}
            />{' '}
            一键给分
          </label>
        </Tooltip>
        <label>
          <Switch
            size="small"
            checked={modes.modes.standard}
            onChange={(standard) => modes.set({ standard })}
          />{' '}
          显示评分标准
        </label>
        <SamplesButton blockId={info.blockId} />
        <Button size="small" onClick={onHelp}>
          快捷键 ?
        </Button>
        <Link to="/book/review/task">返回阅卷任务</Link>
      </Flex>
    </Flex>
  );
}
