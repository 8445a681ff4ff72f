import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import { Link } from 'react-router';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { templateListQuery } from './template.queries';
import { TemplateBuilder } from './TemplateBuilder';

/** Finds the template to edit among the subject's templates, then opens the builder on it. */
export function TemplateEditLoader({
  bundle,
  templateId,
}: {
  bundle: SubjectBundle;
  templateId: number | null;
}) {
  const subjectId = bundle.subject.subjectInfo.id;
  const list = useQuery(templateListQuery(subjectId));
  const back = (
    <Link to={`/book/subject/${subjectId}/template/home`}>
      <Button type="primary">返回模板列表</Button>
    </Link>
  );
  if (templateId === null) return <Result status="404" title="模板地址不正确" extra={back} />;
  if (list.isError && !list.data)
    return <QueryFailed title="模板加载失败" error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  const t = list.data.find((x) => x.id === templateId);
  if (!t) return <Result status="404" title="模板不存在或已删除" extra={back} />;
  return <TemplateBuilder key={t.id} bundle={bundle} existing={t} />;
}
