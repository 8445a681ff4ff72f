import type { ExamDetail, SubjectItem, TemplateItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { examCrumbs } from '../exam-admin/ExamLoader';
import { permissionQuery } from '../exam-admin/exam-admin.queries';
import { PageFrame } from '../exam-admin/PageFrame';
import { failureText } from '../exam-admin/QueryFailed';
import { ScanningCell, TemplateCheckTag } from './TemplateHomeView';
import { templateListQuery } from './template.queries';

/** Non-empty templates of a subject (spec §5: a template whose JSON is `{}` counts as none). */
const realTemplates = (list: TemplateItem[]): TemplateItem[] => list.filter((t) => t.body.pages.length > 0);

/** Each template of a subject: its check, and which one scanning uses (or the action to choose it). */
function SubjectTemplateState({ subjectId }: { subjectId: number }) {
  const q = useQuery(templateListQuery(subjectId));
  // a 学科负责人 reads every subject of the exam and chooses only for their own
  const permission = useQuery({ ...permissionQuery(subjectId), meta: { silent: true } });
  if (q.isPending) return <Tag>加载中</Tag>;
  if (q.isError && !q.data) return <Tag>{failureText(q.error)}</Tag>;
  const list = realTemplates(q.data);
  if (!list.length) return <Tag color="default">未建模板</Tag>;
  return (
    <Space orientation="vertical" size={4}>
      {list.map((t) => (
        <Space key={t.id} size={8} wrap>
          <Typography.Text>{t.mainTemplateName}</Typography.Text>
          <TemplateCheckTag subjectId={subjectId} t={t} />
          <ScanningCell
            subjectId={subjectId}
            t={t}
            list={list}
            canChoose={permission.data?.editSetting === true}
          />
        </Space>
      ))}
    </Space>
  );
}

/** exam/{examId}/allTemplate: every subject of the exam with the state of its card template. */
export function AllTemplateView({ exam }: { exam: ExamDetail }) {
  return (
    <PageFrame
      crumbs={examCrumbs(exam, '答题卡模板')}
      title={`${exam.name} · 答题卡模板`}
      testId="all-template"
    >
      <Card>
        <Table<SubjectItem>
          rowKey="id"
          pagination={false}
          dataSource={exam.subjects}
          columns={[
            { title: '科目', dataIndex: 'name' },
            { title: '满分', dataIndex: 'fullScore', render: (v: number) => `${v} 分` },
            {
              title: '模板状态',
              key: 'state',
              render: (_: unknown, s) => <SubjectTemplateState subjectId={s.id} />,
            },
            {
              title: '操作',
              key: 'go',
              render: (_: unknown, s) => (
                <Link to={`/book/subject/${s.id}/template/home`}>
                  <Button type="link">模板管理</Button>
                </Link>
              ),
            },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
