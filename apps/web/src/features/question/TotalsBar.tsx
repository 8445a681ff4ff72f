import { structureProblems, structureTotals, type Structure } from '@yj/contracts';
import { Alert, Card, Space, Statistic, Tag } from 'antd';
import { totalsNote } from './structure-edit';

/** Objective + subjective against the subject's full score, and what still stops the structure. */
export function TotalsBar({ structure, fullScore }: { structure: Structure; fullScore: number }) {
  const t = structureTotals(structure, fullScore);
  const problems = structureProblems(structure, fullScore);
  const matches = t.total === fullScore;
  return (
    <Card size="small" data-testid="totals-bar">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space size={32} wrap>
          <Statistic title={`客观题（${structure.objective.length} 题）`} value={t.objective} suffix="分" />
          <Statistic title={`主观题（${structure.subjective.length} 题）`} value={t.subjective} suffix="分" />
          <Statistic title="合计" value={t.total} suffix="分" />
          <Statistic title="科目满分" value={fullScore} suffix="分" />
          <Tag color={matches ? 'success' : 'error'} data-testid="totals-state">
            {totalsNote(t)}
          </Tag>
        </Space>
        {problems.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title="题目结构尚不完整"
            description={
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
            data-testid="structure-problems"
          />
        )}
      </Space>
    </Card>
  );
}
