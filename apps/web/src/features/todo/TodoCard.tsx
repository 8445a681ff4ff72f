import { CheckCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { TodoLeading, TodoManaging, TodoMarking } from '@yj/contracts';
import { Button, Card, Empty, Flex, List, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { markPath } from '../marking/mark-route';
import { todoQuery } from './todo.queries';

const place = (t: { examName: string; subjectName: string }) => `${t.examName} · ${t.subjectName}`;

function Row({
  title,
  tags,
  action,
  testId,
}: {
  title: string;
  tags: ReactNode;
  action: ReactNode;
  testId: string;
}) {
  return (
    <List.Item data-testid={testId} actions={[action]}>
      <Flex gap={8} align="center" wrap style={{ minWidth: 0 }}>
        <Typography.Text ellipsis style={{ maxWidth: 520 }}>
          {title}
        </Typography.Text>
        {tags}
      </Flex>
    </List.Item>
  );
}

function MarkingRow({ t }: { t: TodoMarking }) {
  return (
    <Row
      testId={`todo-mark-${t.blockId}`}
      title={`${place(t)} · ${t.blockName}`}
      tags={<Tag color="processing">待阅 {t.left} 份</Tag>}
      action={
        <Link to={markPath(t.subjectId, t.blockId)}>
          <Button type="primary" size="small">
            去阅卷
          </Button>
        </Link>
      }
    />
  );
}

function LeadingRow({ t }: { t: TodoLeading }) {
  return (
    <Row
      testId={`todo-lead-${t.blockId}`}
      title={`${place(t)} · ${t.blockName}`}
      tags={
        <>
          {t.arbitration > 0 && <Tag color="orange">仲裁 {t.arbitration} 份</Tag>}
          {t.problems > 0 && <Tag color="red">问题卷 {t.problems} 份</Tag>}
        </>
      }
      action={
        <Flex gap={12}>
          {t.arbitration > 0 && <Link to={markPath(t.subjectId, t.blockId, 'arbitration')}>去仲裁</Link>}
          {t.problems > 0 && (
            <Link to={`/book/subject/${t.subjectId}/overview/block/${t.blockId}`}>处理问题卷</Link>
          )}
        </Flex>
      }
    />
  );
}

/** What a manager's subject waits for, and where it is done. */
const NEXT: Record<
  TodoManaging['kind'],
  { tag: (n: number) => string; action: string; to: (t: TodoManaging) => string }
> = {
  scan: {
    tag: (n) => `已扫描 ${n} 份，未确认扫描完成`,
    action: '去确认',
    to: (t) => `/book/subject/${t.subjectId}/answerCard`,
  },
  markingLeft: {
    tag: () => '已全部评完，待确认阅卷完成',
    action: '去完成阅卷',
    to: (t) => `/book/exam/${t.examId}/startReviewManage`,
  },
  publish: {
    tag: () => '成绩核查已通过，待发布成绩',
    action: '去发布',
    to: (t) => `/book/subject/${t.subjectId}/score/scoreCheck`,
  },
  blocked: {
    tag: (n) => `成绩核查有 ${n} 处待处理`,
    action: '去核查',
    to: (t) => `/book/subject/${t.subjectId}/score/scoreCheck`,
  },
};

function ManagingRow({ t }: { t: TodoManaging }) {
  const n = NEXT[t.kind];
  return (
    <Row
      testId={`todo-manage-${t.subjectId}-${t.kind}`}
      title={place(t)}
      tags={<Tag color={t.kind === 'blocked' ? 'red' : 'gold'}>{n.tag(t.count)}</Tag>}
      action={<Link to={n.to(t)}>{n.action}</Link>}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode[] }) {
  if (!children.length) return null;
  return (
    <>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        {title}
      </Typography.Text>
      <List size="small" split>
        {children}
      </List>
    </>
  );
}

/** 待办 on the home page: 待阅 per block, 仲裁 / 问题卷 waiting, and each exam's next step for its manager. */
export function TodoCard() {
  const q = useQuery(todoQuery);
  const d = q.data;
  const total = d ? d.marking.length + d.leading.length + d.managing.length : 0;
  return (
    <Card title="待办事项" loading={q.isPending} data-testid="todo">
      {q.isError && !d && <Typography.Text type="secondary">待办加载失败，请稍后刷新页面。</Typography.Text>}
      {d && total === 0 && (
        <Empty
          image={<CheckCircleOutlined style={{ fontSize: 32, color: '#52c41a' }} />}
          styles={{ image: { height: 36 } }}
          description="暂无待办事项"
        />
      )}
      {d && (
        <>
          <Section title="阅卷任务">
            {d.marking.map((t) => (
              <MarkingRow key={t.blockId} t={t} />
            ))}
          </Section>
          <Section title="题组长待处理">
            {d.leading.map((t) => (
              <LeadingRow key={t.blockId} t={t} />
            ))}
          </Section>
          <Section title="考试管理">
            {d.managing.map((t) => (
              <ManagingRow key={`${t.subjectId}-${t.kind}`} t={t} />
            ))}
          </Section>
        </>
      )}
    </Card>
  );
}
