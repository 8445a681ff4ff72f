import { InboxOutlined } from '@ant-design/icons';
import type { ScanUploadResult } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Progress, Space, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { progressQuery, scanKeys } from './scan.queries';
import { checkSelection, SCAN_ACCEPT, sortScanFiles } from './scan-logic';
import { planChunks } from './chunks';
import { ScanFinishCard } from './ScanFinishCard';
import { BatchNotices } from './BatchNotices';
import { ScanBatchTable } from './ScanBatchTable';
import { SchoolPicker, useScanSchool } from './SchoolPicker';
import { uploadChunked, type ChunkState } from './upload';
import { UploadSelection } from './UploadSelection';

type Step =
  | { kind: 'idle' }
  | { kind: 'sending'; percent: number; chunk: number; chunks: number }
  | { kind: 'done'; result: ScanUploadResult }
  /** `resume`: the chunks already stored, so the rest can be sent into the same batch */
  | { kind: 'failed'; message: string; resume: ChunkState };

/** subject/{subjectId}/answerCard: upload scanned sheets, follow recognition per batch (SubjectLoader needs scanRead). */
export function ScanUploadView({ subject, exam, permission }: SubjectBundle) {
  const canScan = permission.scan;
  const info = subject.subjectInfo;
  const subjectId = info.id;
  const qc = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const progress = useQuery(progressQuery(subjectId));
  const { schools, school, choose } = useScanSchool(subjectId);
  const problem = files.length ? checkSelection(files) : null;

  /** Sends the selection in chunks into one batch; `from` continues after a failed chunk. */
  async function send(from?: ChunkState) {
    if (!school) return;
    const chunks = planChunks(sortScanFiles(files));
    setStep({ kind: 'sending', percent: 0, chunk: from?.next ?? 0, chunks: chunks.length });
    const answer = await uploadChunked(subjectId, chunks, (p) => setStep({ kind: 'sending', ...p }), {
      fields: () => ({ schoolId: String(school.schoolId) }),
      from,
    });
    await qc.invalidateQueries({ queryKey: scanKeys.subject(subjectId) });
    if (answer.kind !== 'ok') {
      setStep({ kind: 'failed', message: answer.message, resume: answer.state });
      return;
    }
    setStep({ kind: 'done', result: answer.result });
    setFiles([]);
  }

  const exceptionsLink = `/book/scan/scanException?subjectId=${subjectId}`;
  const total = progress.data?.total;
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, info, { title: '扫描与识别' })}
      title={`${exam.name} · ${info.name} · 扫描与识别`}
      extra={
        <Space>
          <Link to={`/book/exam/${exam.id}/allscan`}>
            <Button>全科扫描进度</Button>
          </Link>
          <Link to={`/book/scan/identifyResults?subjectId=${subjectId}`}>
            <Button>识别结果</Button>
          </Link>
          <Link to={`/book/missedExamDetail?subjectId=${subjectId}`}>
            <Button>缺扫名单</Button>
          </Link>
          {canScan && (
            <Link to={`/book/uploadorigin?subjectId=${subjectId}`}>
              <Button>上传原卷</Button>
            </Link>
          )}
          <Link to={exceptionsLink}>
            <Button type="primary" data-testid="to-exceptions">
              {canScan ? '处理识别异常' : '查看识别异常'}
            </Button>
          </Link>
        </Space>
      }
      testId="scan-upload"
    >
      {canScan && (
        <Card title="上传答题卡" data-testid="scan-upload-card">
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <SchoolPicker
              schools={schools}
              school={school}
              onChange={choose}
              disabled={step.kind === 'sending' || files.length > 0}
            />
            <Upload.Dragger
              accept={SCAN_ACCEPT}
              multiple
              showUploadList={false}
              disabled={step.kind === 'sending'}
              beforeUpload={(file, list) => {
                // called once per file with the whole drop: take the list on its first file only
                if (file === list[0]) {
                  setFiles((prev) => [...prev, ...list]);
                  // a changed selection starts a new batch: the chunks of a failed one no longer line up
                  setStep({ kind: 'idle' });
                }
                return Upload.LIST_IGNORE;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">点击或将扫描的答题卡拖到此处</p>
              <p className="ant-upload-hint">
                支持多张 jpg、png 图片，多页 tif、pdf 和 zip
                压缩包；按文件名顺序上传，每份答题卡的页按顺序排列
              </p>
            </Upload.Dragger>
            {files.length > 0 && (
              <UploadSelection
                testId="scan"
                summary={
                  <>
                    已选 {files.length} 个文件，共{' '}
                    {(files.reduce((s, f) => s + f.size, 0) / 1024 / 1024).toFixed(1)} MB
                  </>
                }
                sendDisabled={problem !== null || step.kind === 'sending' || !school || !!school.finished}
                sending={step.kind === 'sending'}
                onSend={() => void send()}
                onClear={() => {
                  setFiles([]);
                  setStep({ kind: 'idle' });
                }}
              />
            )}
            {problem && <Alert type="error" showIcon title={problem} />}
            {step.kind === 'sending' && (
              <Space orientation="vertical" size={0} style={{ width: '100%' }} data-testid="scan-sending">
                <Progress percent={step.percent} status="active" />
                {step.chunks > 1 && (
                  <span>
                    正在上传第 {step.chunk + 1}/{step.chunks} 组文件，每组保存后再发送下一组
                  </span>
                )}
              </Space>
            )}
            {step.kind === 'failed' && (
              <Alert
                type="error"
                showIcon
                title={step.message}
                data-testid="scan-upload-error"
                description={
                  step.resume.next > 0
                    ? `前 ${step.resume.next} 组文件已保存在批次 #${step.resume.batchId}，可以从第 ${step.resume.next + 1} 组继续上传。`
                    : undefined
                }
                action={
                  step.resume.next > 0 ? (
                    <Button size="small" onClick={() => void send(step.resume)} data-testid="scan-resume">
                      继续上传
                    </Button>
                  ) : undefined
                }
              />
            )}
            {step.kind === 'done' && (
              <Alert
                type="success"
                showIcon
                data-testid="scan-upload-done"
                title={`上传成功：${step.result.pages} 页，${step.result.papers} 份答题卡进入识别`}
                description={
                  step.result.duplicates > 0
                    ? `${step.result.duplicates} 页与已上传的图像相同，未重复识别。`
                    : '识别进度见下方批次列表。'
                }
              />
            )}
          </Space>
        </Card>
      )}
      <Card title="识别进度">
        {progress.isError ? (
          <QueryFailed title="进度加载失败" error={progress.error} onRetry={() => void progress.refetch()} />
        ) : (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {total && (
              <Descriptions size="small" column={6}>
                <Descriptions.Item label="页数">{total.pages}</Descriptions.Item>
                <Descriptions.Item label="待识别">{total.queued}</Descriptions.Item>
                <Descriptions.Item label="识别正常">{total.recognised}</Descriptions.Item>
                <Descriptions.Item label="异常页">
                  <Link to={exceptionsLink}>{total.exception}</Link>
                </Descriptions.Item>
                <Descriptions.Item label="答题卡">{total.papers}</Descriptions.Item>
                <Descriptions.Item label="已匹配考生">{total.matched}</Descriptions.Item>
              </Descriptions>
            )}
            <BatchNotices batches={progress.data?.batches ?? []} />
            <ScanBatchTable subjectId={subjectId} batches={progress.data?.batches} canScan={canScan} />
          </Space>
        )}
      </Card>
      {canScan && <ScanFinishCard subjectId={subjectId} />}
    </PageFrame>
  );
}
