import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { ImportModal } from '../school-admin/common/ImportModal';
import { BlockAssignCard } from './BlockAssignCard';
import { assignmentQuery, reviewerApi, reviewerKeys } from './reviewer.api';
import { DownloadButton } from '../school-admin/DownloadButton';
import { MissingFirst } from '../../components/MissingFirst';

/** subject/{subjectId}/setting/task (阅卷分配): each block's markers and leaders, and how papers are shared. */
export function TaskSettingView({ subject, exam, permission }: SubjectBundle) {
  const sInfo = subject.subjectInfo;
  const q = useQuery(assignmentQuery(sInfo.id));
  const qc = useQueryClient();
  const [importing, setImporting] = useState(false);
  // markers change until marking is done (then the marks are final)
  const canEdit = permission.editSetting && sInfo.status < 5;
  const missing = q.data?.blocks.filter((b) => !b.markers.length) ?? [];
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, sInfo, { title: '阅卷分配' })}
      title={`${exam.name} · ${sInfo.name} · 阅卷分配`}
      testId="task-setting"
      extra={
        <Space>
          <Link to={`/book/exam/${exam.id}/all_setting_task`}>
            <Button>全部科目阅卷分配</Button>
          </Link>
          {permission.editSetting && (
            <DownloadButton
              icon={<DownloadOutlined />}
              path={reviewerApi.exportPath(sInfo.id)}
              fileName={`${sInfo.name}阅卷分配.xlsx`}
            >
              导出 Excel
            </DownloadButton>
          )}
          {canEdit && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              导入 Excel
            </Button>
          )}
        </Space>
      }
    >
      {q.isError ? (
        <QueryFailed title="阅卷分配加载失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : !q.data.blocks.length ? (
        <MissingFirst
          what="本科目还没有题块，请先在题块设置中划分题块"
          to={`/book/subject/${sInfo.id}/setting/block`}
          go="去设置题块"
        />
      ) : (
        <>
          <Alert
            type={missing.length ? 'warning' : 'success'}
            showIcon
            title={
              missing.length
                ? `${missing.map((b) => `“${b.name}”`).join('、')}还没有阅卷老师，开始阅卷前须分配`
                : '每个题块都已分配阅卷老师'
            }
            description={`有效答卷 ${q.data.papers} 份（不含缺考）。${q.data.joint ? '联考默认校内阅卷：各校老师只阅本校试卷。' : ''}`}
          />
          {q.data.blocks.map((b) => (
            <BlockAssignCard key={b.blockId} data={q.data} block={b} canEdit={canEdit} />
          ))}
        </>
      )}
      {importing && (
        <ImportModal<{ blocks: number; markers: number; leaders: number; rolesAdded: number }>
          open
          onClose={() => setImporting(false)}
          what="阅卷分配"
          columnsHint={
            <>
              <b>手机号、题块名称、角色</b>（阅卷老师或题组长）为必填，<b>任务量</b>
              选填。文件中出现的题块按文件重新分配，其他题块不变。
            </>
          }
          templatePath={reviewerApi.exportPath(sInfo.id)}
          templateName={`${sInfo.name}阅卷分配.xlsx`}
          allowOnlyValid={false}
          upload={(file, _onlyValid, onProgress) => reviewerApi.importFile(sInfo.id, file, onProgress)}
          describe={(r) =>
            `已分配 ${r.blocks} 个题块：阅卷老师 ${r.markers} 人次，题组长 ${r.leaders} 人次；新授予阅卷角色 ${r.rolesAdded} 个。`
          }
          onImported={() => void qc.invalidateQueries({ queryKey: reviewerKeys.subject(sInfo.id) })}
        />
      )}
    </PageFrame>
  );
}
