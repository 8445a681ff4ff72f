import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, Col, Descriptions, Empty, Image, Result, Row, Space, Tag, Typography } from 'antd';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { PageImage } from './PageImage';
import { cropUrl } from './scan.api';
import { studentPaperQuery } from './scan.queries';
import { scanCrumbs } from './scan-pages';

const STATUS: Record<string, { text: string; color: string }> = {
  ok: { text: '正常', color: 'success' },
  exception: { text: '有异常', color: 'error' },
  pending: { text: '识别中', color: 'processing' },
  setAside: { text: '已移出', color: 'default' },
  rescan: { text: '待重扫', color: 'warning' },
};

/** view/student/paper?subjectId=&examineeId=: a student's pages, objective answers and cut regions. */
export function StudentPaperView({
  subject,
  exam,
  examineeId,
}: SubjectBundle & { examineeId: number | null }) {
  const info = subject.subjectInfo;
  const subjectId = info.id;
  const q = useQuery({ ...studentPaperQuery(subjectId, examineeId ?? 0), enabled: examineeId !== null });
  const frame = (body: ReactNode) => (
    <PageFrame
      crumbs={scanCrumbs(exam, info, '学生答题卡')}
      title={`${exam.name} · ${info.name} · 学生答题卡`}
      testId="student-paper"
    >
      {body}
    </PageFrame>
  );
  if (examineeId === null) return frame(<Result status="404" title="考生地址不正确" />);
  if (q.isError && !q.data)
    return frame(<QueryFailed title="答题卡加载失败" error={q.error} onRetry={() => void q.refetch()} />);
  if (!q.data) return frame(<Card loading />);
  const { examinee, paper } = q.data;
  const answers = Object.entries(paper?.objective ?? {}).sort(([a], [b]) =>
    a.localeCompare(b, 'zh-CN', { numeric: true }),
  );
  return frame(
    <>
      <Card size="small">
        <Descriptions size="small" column={5}>
          <Descriptions.Item label="姓名">{examinee.name}</Descriptions.Item>
          <Descriptions.Item label="考号">{examinee.kaohao}</Descriptions.Item>
          <Descriptions.Item label="班级">{examinee.className}</Descriptions.Item>
          <Descriptions.Item label="学校">{examinee.schoolName}</Descriptions.Item>
          <Descriptions.Item label="答题卡">
            {paper ? (
              <Tag color={STATUS[paper.status]?.color}>{STATUS[paper.status]?.text ?? paper.status}</Tag>
            ) : (
              <Tag color="warning">未扫描</Tag>
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {!paper ? (
        <Card>
          <Empty description="该考生本科目还没有扫描到答题卡" />
        </Card>
      ) : (
        <>
          <Row gutter={16}>
            {paper.pages.map((p) => (
              <Col span={12} key={p.id}>
                <Card size="small" title={`第 ${p.position + 1} 页`}>
                  <PageImage pageId={p.id} height={520} />
                </Card>
              </Col>
            ))}
          </Row>
          <Card size="small" title="客观题识别结果">
            <div
              style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 8 }}
              data-testid="objective-answers"
            >
              {answers.map(([q, v]) => (
                <div key={q} style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: '4px 8px' }}>
                  <Typography.Text type="secondary">{q}．</Typography.Text>
                  {v === null ? (
                    <Tag color="error">未确定</Tag>
                  ) : v.length ? (
                    <Typography.Text strong>{v.join('')}</Typography.Text>
                  ) : (
                    <Typography.Text type="secondary">未作答</Typography.Text>
                  )}
                </div>
              ))}
            </div>
          </Card>
          {Object.keys(paper.scores).length > 0 && (
            <Card size="small" title="打分栏（先阅后扫）" data-testid="strip-scores">
              <Space wrap>
                {Object.entries(paper.scores).map(([name, s]) => (
                  <Tag key={name} color={s.value === null ? 'default' : 'blue'}>
                    {name}：{s.value === null ? '未打分' : `${s.value} 分`}
                    {s.manual ? '（人工录入）' : ''}
                  </Tag>
                ))}
              </Space>
            </Card>
          )}
          <Card size="small" title="主观题切割图">
            <Space wrap align="start">
              {paper.pages.flatMap((p) =>
                p.crops.map((c) => (
                  <Space key={`${p.id}-${c.index}`} orientation="vertical" size={4}>
                    <Typography.Text>{c.name}</Typography.Text>
                    <Image src={cropUrl(p.id, c.index)} width={220} alt={c.name} />
                  </Space>
                )),
              )}
            </Space>
          </Card>
        </>
      )}
    </>,
  );
}
