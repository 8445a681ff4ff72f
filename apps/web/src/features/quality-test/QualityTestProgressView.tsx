import { voidedText, type QualityTestMarkerProgress } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { DeviationText } from './DeviationText';
import { progressQuery } from './qualityTest.api';

const rate = (every: number | null, what: string) =>
  every ? `每 ${every} 份插入 1 份${what}` : `不发${what}`;

/** quality-test/progress2: per block and marker, the 标准卷, 自评 and 抽查 so far with their deviations (live). */
export function QualityTestProgressView({ subject, exam, permission }: SubjectBundle) {
  const s = subject.subjectInfo;
  const q = useQuery(progressQuery(s.id));
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, s, { title: '质检进度' })}
      title={`${s.name} · 质检进度`}
      testId="quality-test-progress"
      extra={
        permission.lead && (
          <Link to={`/book/subject/${s.id}/setting/qualitytest`}>
            <Button>质检设置</Button>
          </Link>
        )
      }
    >
      {q.isError ? (
        <QueryFailed title="质检进度加载失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data && !q.data.blocks.length ? (
        <Card>
          <Empty description="本科目还没有您可查看的题块" />
        </Card>
      ) : (
        (q.data?.blocks ?? [null]).map((b, i) => (
          <Card
            key={b?.blockId ?? i}
            size="small"
            loading={!b}
            title={b?.blockName}
            data-testid="quality-test-block"
            extra={
              b && (
                <Space>
                  <Typography.Text type="secondary">
                    {rate(b.setting.standardEvery, '标准卷')}；
                    {b.setting.selfEvery ? `每 ${b.setting.selfEvery} 份重发 1 份自评` : '不发自评'}；抽查{' '}
                    {b.setting.spotPercent}%；偏差上限 {b.setting.maxDeviation} 分
                  </Typography.Text>
                  <Link to={`/book/quality-test/report?subjectId=${s.id}&blockId=${b.blockId}`}>
                    <Button size="small">质检报告</Button>
                  </Link>
                  {permission.lead && (
                    <Link to={`/book/quality-test/spot?subjectId=${s.id}&blockId=${b.blockId}`}>
                      <Button size="small">抽查</Button>
                    </Link>
                  )}
                </Space>
              )
            }
          >
            {b && (
              <Table<QualityTestMarkerProgress>
                size="small"
                rowKey="userId"
                dataSource={b.markers}
                pagination={b.markers.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                locale={{ emptyText: '这个题块还没有分配阅卷老师' }}
                columns={[
                  { title: '阅卷老师', dataIndex: 'name' },
                  { title: '已阅', dataIndex: 'done', sorter: (x, y) => x.done - y.done },
                  {
                    title: '标准卷',
                    key: 'standard',
                    render: (_, m) => <DeviationText f={m.standard} limit={b.setting.maxDeviation} />,
                  },
                  {
                    title: '自评',
                    key: 'self',
                    render: (_, m) => <DeviationText f={m.self} limit={b.setting.maxDeviation} />,
                  },
                  {
                    title: '抽查',
                    key: 'spot',
                    render: (_, m) => <DeviationText f={m.spot} limit={b.setting.maxDeviation} />,
                  },
                  { title: '待抽查', dataIndex: 'spotDue' },
                  {
                    title: '状态',
                    key: 'over',
                    render: (_, m) => (
                      <Space size={2}>
                        {m.over ? <Tag color="red">偏差超限</Tag> : <Tag color="green">正常</Tag>}
                        {m.flagState === 1 && <Tag color="red">已标记</Tag>}
                        {m.flagState === 0 && <Tag>已放行</Tag>}
                      </Space>
                    ),
                  },
                  {
                    title: '已作废的质检记录（重置阅卷）',
                    key: 'voided',
                    render: (_, m) => {
                      const text = voidedText(m.voided);
                      return text === '无' ? (
                        <Typography.Text type="secondary">无</Typography.Text>
                      ) : (
                        <Typography.Text type="warning" data-testid={`quality-voided-${m.userId}`}>
                          {text}
                        </Typography.Text>
                      );
                    },
                  },
                ]}
              />
            )}
          </Card>
        ))
      )}
    </PageFrame>
  );
}
