import type { PortalExamDetail } from '@yj/contracts';
import { Tag } from 'antd';

type Standing = PortalExamDetail['total']['standing'];

const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '—' : String(v));

/** The figures beside a score that the school's 发布设置 lets through (nothing shown for what it hides). */
export function StandingLine({ standing, level }: { standing: Standing; level: string | null }) {
  const parts: Array<[string, string]> = [];
  if (standing.classAvg !== undefined) parts.push(['班级平均', fmt(standing.classAvg)]);
  if (standing.gradeAvg !== undefined) parts.push(['年级平均', fmt(standing.gradeAvg)]);
  if (standing.classMax !== undefined) parts.push(['班级最高', fmt(standing.classMax)]);
  if (standing.gradeMax !== undefined) parts.push(['年级最高', fmt(standing.gradeMax)]);
  if (standing.classRank !== undefined) parts.push(['班级排名', fmt(standing.classRank)]);
  if (standing.gradeRank !== undefined) parts.push(['年级排名', fmt(standing.gradeRank)]);
  // a 联考: the same among every school's examinees
  if (standing.unionAvg !== undefined) parts.push(['联考平均', fmt(standing.unionAvg)]);
  if (standing.unionMax !== undefined) parts.push(['联考最高', fmt(standing.unionMax)]);
  if (standing.unionRank !== undefined)
    parts.push([
      '联考排名',
      standing.unionRank === null ? '—' : `${standing.unionRank} / ${standing.unionCount ?? '—'}`,
    ]);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 12px', fontSize: 13, color: '#4e5969' }}>
      {level && <Tag color="blue">等级 {level}</Tag>}
      {standing.band && (
        <Tag color="purple" data-testid="portal-band">
          年级 {standing.band}
        </Tag>
      )}
      {standing.unionBand && (
        <Tag color="purple" data-testid="portal-union-band">
          联考 {standing.unionBand}
        </Tag>
      )}
      {parts.map(([k, v]) => (
        <span
          key={k}
          data-testid={k.includes('排名') ? 'portal-rank' : k.startsWith('联考') ? 'portal-union' : undefined}
        >
          {k} <b style={{ color: '#1d2129' }}>{v}</b>
        </span>
      ))}
    </div>
  );
}
