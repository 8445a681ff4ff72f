import { useQuery } from '@tanstack/react-query';
import { allows } from '@yj/contracts';
import { Alert, Button, Card, Result, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { DiscardConsent, DiscardCounts, useDiscardConsent } from '../marking-lead/DiscardCounts';
import { infoQuery, leadKeys } from '../marking-lead/lead.queries';
import { useLeadAction } from '../marking-lead/useLeadAction';
import { reselectApi } from './reselect.api';

/** The page of 重新选题 for a block: spec §2 subject/{subjectId}/{step}/resetting/{reSelectFlag}. */
export const reselectPath = (subjectId: number, blockId: number) =>
  `/book/subject/${subjectId}/${blockId}/resetting/1`;

/**
 * 重新选题 (spec §2 subject/{subjectId}/{step}/resetting/{reSelectFlag}: `{step}` the block whose marking is
 * redone, `{reSelectFlag}` 1 — its questions are chosen again): the block's questions changed after marking
 * started. Every mark of the block is discarded (kept in the change history) and its papers are marked again on
 * the new questions; the confirmation says how many marks go, asks a reason and an explicit acknowledgement.
 */
export function ReselectView({ bundle, blockId }: { bundle: SubjectBundle; blockId: number }) {
  const s = bundle.subject.subjectInfo;
  const navigate = useNavigate();
  const [nos, setNos] = useState<string[] | null>(null);
  const consent = useDiscardConsent();
  const info = useQuery(infoQuery(blockId));
  const preview = useQuery({
    queryKey: [...leadKeys.block(blockId), 'reselect-preview'],
    queryFn: () => reselectApi.preview(s.id, blockId),
  });
  const p = preview.data;
  const chosen = nos ?? p?.nos ?? [];
  const changed = !!p && (chosen.length !== p.nos.length || chosen.some((n) => !p.nos.includes(n)));
  const left = p ? p.nos.filter((n) => !chosen.includes(n)) : [];
  const blockPage = `/book/subject/${s.id}/overview/block/${blockId}`;
  const [done, setDone] = useState(false);
  useUnsavedGuard(!done && (changed || consent.reason !== ''));
  const run = useLeadAction(
    blockId,
    () => reselectApi.reselect(s.id, { blockId, nos: chosen, reason: consent.reason }),
    (r) => `已重新选题：题块现为第 ${r.nos.join('、')} 题，${r.marks} 份评分作废，${r.papers} 份试卷重新评阅`,
  );
  const blockName = info.data?.blockName ?? '题块';
  const crumbs = subjectCrumbs(bundle.exam, s, { title: blockName, to: blockPage }, { title: '重新选题' });
  const status = info.data?.subjectStatus;
  const open = status === undefined || allows(status, 'resetMarks');
  return (
    <PageFrame
      crumbs={crumbs}
      testId="reselect-page"
      title={`${bundle.exam.name} · ${s.name} · ${blockName} · 重新选题`}
      extra={
        <Link to={blockPage}>
          <Button>返回题块管理</Button>
        </Link>
      }
    >
      {!bundle.permission.editSetting ? (
        <Result status="403" title="您没有重新选题的权限" subTitle="重新选题由科目负责人或考试管理员操作。" />
      ) : !open ? (
        <Result
          status="info"
          title="现在不能重新选题"
          subTitle="阅卷开始后、完成前才能修改题块的题目；阅卷已完成请先取消完成。"
        />
      ) : preview.isError ? (
        <QueryFailed
          title="无法读取题块的题目"
          error={preview.error}
          onRetry={() => void preview.refetch()}
        />
      ) : !p ? (
        <Card>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : (
        <Card style={{ maxWidth: 720 }}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="reselect-form">
            <Typography.Text>题块的题目（可加入未分配到题块的题）：</Typography.Text>
            <Select
              mode="multiple"
              style={{ width: '100%' }}
              value={chosen}
              onChange={(v) => {
                setNos(v);
                consent.unsure();
              }}
              options={[...p.nos, ...p.free].map((no) => ({ value: no, label: `第${no}题` }))}
              placeholder="请选择题目"
              data-testid="reselect-nos"
            />
            {left.length > 0 && (
              <Alert
                type="warning"
                showIcon
                title={`第 ${left.join('、')} 题将不在任何题块中，没有人评阅这些题`}
              />
            )}
            <DiscardCounts counts={p} testId="reselect-counts" />
            <Typography.Text type="secondary">
              评分按题给出，题目变化后本题块的全部评分作废（保存在修改记录中），试卷按新的题目重新评阅。
            </Typography.Text>
            <DiscardConsent
              {...consent.state}
              placeholder="请填写重新选题的原因（将记入动态日志）"
              sureText="我已知晓本题块的全部评分将作废，需要重新评阅"
              testId="reselect"
            />
            <Button
              type="primary"
              danger
              disabled={!changed || chosen.length === 0 || !consent.given}
              loading={run.isPending}
              data-testid="reselect-submit"
              onClick={async () => {
                await run.mutateAsync(undefined);
                setDone(true);
                // the guard sees the saved state before leaving
                setTimeout(() => void navigate(blockPage), 0);
              }}
            >
              确认重新选题
            </Button>
          </Space>
        </Card>
      )}
    </PageFrame>
  );
}
