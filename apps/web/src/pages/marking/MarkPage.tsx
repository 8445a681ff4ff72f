import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { Link, useParams } from 'react-router';
import { classifyError } from '../../api/classify-error';
import { parseMarkRoute } from '../../features/marking/mark-route';
import { blockInfoQuery } from '../../features/marking/marking.queries';
import { MarkingView } from '../../features/marking/MarkingView';

function failureText(e: unknown): string {
  const c = classifyError(e);
  return c.kind === 'alert' ? c.text : '题块信息加载失败';
}

/** The marking screen uses the whole window (Shell): its width, and its height without the site header. */
export const handle = { wide: true, bare: true };

/** /book/subject/:subjectId/mark/:blockId/:type/:v */
export function Component() {
  const route = parseMarkRoute(useParams());
  const info = useQuery({ ...blockInfoQuery(route?.blockId ?? 0), enabled: !!route });
  const back = <Link to="/book/review/task">返回阅卷任务</Link>;
  if (!route) return <Result status="warning" title="地址无效" extra={back} />;
  if (info.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (info.isError && !info.data)
    return <Result status="warning" title={failureText(info.error)} extra={back} />;
  if (info.data.subjectId !== route.subjectId)
    return <Result status="warning" title="地址无效" extra={back} />;
  return (
    <MarkingView
      key={`${route.blockId}-${route.type}-${route.display}`}
      info={info.data}
      type={route.type}
      display={route.display}
    />
  );
}
