import { useQuery } from '@tanstack/react-query';
import { scanningTemplate } from '@yj/contracts';
import { Alert, Button, Card, Skeleton } from 'antd';
import { Link } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { templateListQuery } from '../template/template.queries';
import { BlockStyleEditor } from './BlockStyleEditor';
import { blockListQuery, structureInfoQuery } from './question.queries';
import { MissingFirst } from '../../components/MissingFirst';

/** subject/{subjectId}/setting/block/style (题块框选): where each block is cut from, and its 给分点. */
export function BlockStyleView({ subject, exam, permission }: SubjectBundle) {
  const sInfo = subject.subjectInfo;
  const info = useQuery(structureInfoQuery(sInfo.id));
  const list = useQuery(blockListQuery(sInfo.id));
  const templates = useQuery(templateListQuery(sInfo.id));
  const queries = [info, list, templates];
  const failed = queries.find((q) => q.isError);
  // the template the server proposes regions from and cuts with (设为扫描模板, else the first with pages)
  const template = templates.data && scanningTemplate(templates.data);
  const card = template?.body.pages.length ? template.body : undefined;
  const blockUrl = `/book/subject/${sInfo.id}/setting/block`;

  let content;
  if (failed)
    content = (
      <QueryFailed
        title="题块框选加载失败"
        error={failed.error}
        onRetry={() => queries.forEach((q) => void q.refetch())}
      />
    );
  else if (!info.data || !list.data || !templates.data)
    content = (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  else if (!card)
    content = (
      <MissingFirst
        what="本科目还没有答题卡模板：题块区域要在模板上框选"
        to={`/book/subject/${sInfo.id}/template/home`}
        go="去制作模板"
      />
    );
  else if (!list.data.blocks.length)
    content = (
      <MissingFirst what="还没有题块：请先在题块设置中把主观题分成题块" to={blockUrl} go="去题块设置" />
    );
  else
    content = (
      <BlockStyleEditor
        subjectId={sInfo.id}
        list={list.data}
        card={card}
        onlineCardId={template?.cardType === 'online' ? template.id : null}
        questions={info.data.structure.subjective}
        // the server refuses the writes to whom may not edit the subject's settings: nothing to draw or save
        editable={info.data.editable && permission.editSetting}
      />
    );

  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, sInfo, { title: '题块设置', to: blockUrl }, { title: '题块框选' })}
      title={`${exam.name} · ${sInfo.name} · 题块框选`}
      extra={
        <Link to={blockUrl}>
          <Button>返回题块设置</Button>
        </Link>
      }
      testId="block-style"
    >
      {!permission.editSetting ? (
        <Alert type="info" showIcon title="你没有修改本科目设置的权限，只能查看" data-testid="read-only" />
      ) : (
        info.data &&
        !info.data.editable && (
          <Alert type="warning" showIcon title="科目已不在“设置中”，题块区域和给分点不能再修改" />
        )
      )}
      {content}
    </PageFrame>
  );
}
