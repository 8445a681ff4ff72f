import type { ScanExceptionItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useCanScan } from './can-scan';
import { marksOf } from './exception-marks';
import { PageImage } from './PageImage';
import { scanApi } from './scan.api';
import { detailQuery } from './scan.queries';
import { doubtedOutside, groupObjective, optionForKey, optionKeysHint, toggleOption } from './scan-logic';
import { useFix } from './useFix';

/** Shown cases of one group; the rest are settled with them. */
const SHOWN = 12;

function Case({ subjectId, item }: { subjectId: number; item: ScanExceptionItem }) {
  const q = useQuery(detailQuery(subjectId, item.id));
  const d = q.data;
  return (
    <Card size="small" title={`考号 ${item.kaohao ?? '未识别'}`} styles={{ body: { padding: 8 } }}>
      {/* a ring or a tick outside the bubbles raised it: the fills do not show why, the reason does */}
      {doubtedOutside(item) && (
        <Typography.Paragraph type="warning" style={{ marginBottom: 8 }} data-testid="objective-doubt">
          {item.reason}
        </Typography.Paragraph>
      )}
      {d?.highlight ? (
        <PageImage
          pageId={d.highlight.pageId}
          region={d.highlight.box}
          marks={marksOf(d).map((m, i) => (i === 0 ? { ...m, label: undefined } : m))}
          height={160}
        />
      ) : (
        <Typography.Text type="secondary">{q.isPending ? '加载中…' : '无法定位该题'}</Typography.Text>
      )}
    </Card>
  );
}

/**
 * 客观题异常 grouped by question and fill pattern: the crops of a group side by side, one answer for all.
 * Keys: A–E toggle an option, Enter confirms the group, ↑/↓ (or ←/→) move between groups.
 */
export function ObjectivePanel({ subjectId, items }: { subjectId: number; items: ScanExceptionItem[] }) {
  const canScan = useCanScan();
  const groups = useMemo(() => groupObjective(items), [items]);
  const [index, setIndex] = useState(0);
  const group = groups[Math.min(index, groups.length - 1)];
  // the answer being chosen belongs to one group: moving on starts empty
  const [picked, setPicked] = useState<{ key: string; answer: string[] }>({ key: '', answer: [] });
  const answer = useMemo(() => (picked.key === group?.key ? picked.answer : []), [picked, group?.key]);
  const first = useQuery({ ...detailQuery(subjectId, group?.items[0]?.id ?? 0), enabled: !!group });
  const options = useMemo(() => first.data?.options ?? [], [first.data]);
  const setAnswer = useCallback(
    (f: (a: string[]) => string[]) => setPicked({ key: group?.key ?? '', answer: f(answer) }),
    [group?.key, answer],
  );
  const confirm = useFix(
    subjectId,
    (v: { ids: number[]; answer: string[] }) =>
      scanApi.objective(
        subjectId,
        v.ids.map((exceptionId) => ({ exceptionId, answer: v.answer })),
      ),
    '答案已确认',
  );

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
      if (!group) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowRight') {
        setIndex((i) => Math.min(groups.length - 1, i + 1));
        e.preventDefault();
      } else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') {
        setIndex((i) => Math.max(0, i - 1));
        e.preventDefault();
      } else if (!canScan) {
        return;
      } else if (e.key === 'Enter') {
        if (!confirm.isPending) confirm.mutate({ ids: group.items.map((x) => x.id), answer });
        e.preventDefault();
      } else {
        const o = optionForKey(e.key, options);
        if (o) setAnswer((a) => toggleOption(a, o, options));
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [group, groups.length, options, answer, confirm, setAnswer, canScan]);

  if (!group) return <Empty description="没有客观题异常" />;
  return (
    <Row gutter={16}>
      <Col flex="220px">
        <Card size="small" title={`${groups.length} 组`} styles={{ body: { padding: 0 } }}>
          {groups.map((g, i) => (
            <div
              key={g.key}
              onClick={() => setIndex(i)}
              data-testid={`objective-group-${i}`}
              style={{
                padding: '8px 12px',
                cursor: 'pointer',
                background: g.key === group.key ? '#e6f4ff' : undefined,
                borderBottom: '1px solid #f0f0f0',
              }}
            >
              第 {g.question} 题 <span style={{ letterSpacing: 2 }}>{g.pattern}</span>
              <Tag style={{ float: 'right' }}>{g.items.length}</Tag>
            </div>
          ))}
        </Card>
      </Col>
      <Col flex="auto">
        <Card
          size="small"
          title={`第 ${group.question} 题 · ${group.items.length} 张答题卡填涂相同`}
          data-testid="objective-panel"
        >
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {canScan ? (
              <Space wrap>
                <span>答案：</span>
                {options.map((o) => (
                  <Button
                    key={o}
                    type={answer.includes(o) ? 'primary' : 'default'}
                    onClick={() => setAnswer((a) => toggleOption(a, o, options))}
                    data-testid={`option-${o}`}
                  >
                    {o}
                  </Button>
                ))}
                <Button
                  type="primary"
                  loading={confirm.isPending}
                  onClick={() => confirm.mutate({ ids: group.items.map((x) => x.id), answer })}
                  data-testid="objective-confirm"
                >
                  {answer.length ? `确认为 ${answer.join('')}` : '确认为未作答'}（{group.items.length} 张）
                </Button>
                <Typography.Text type="secondary">
                  快捷键：{optionKeysHint(options)} 选择，回车确认，↑↓ 切换题组
                </Typography.Text>
              </Space>
            ) : (
              <Typography.Text type="secondary">快捷键：↑↓ 切换题组</Typography.Text>
            )}
            <Row gutter={[8, 8]}>
              {group.items.slice(0, SHOWN).map((x) => (
                <Col span={8} key={x.id}>
                  <Case subjectId={subjectId} item={x} />
                </Col>
              ))}
            </Row>
            {group.items.length > SHOWN && (
              <Typography.Text type="secondary">
                另有 {group.items.length - SHOWN} 张相同情况一并确认
              </Typography.Text>
            )}
          </Space>
        </Card>
      </Col>
    </Row>
  );
}
