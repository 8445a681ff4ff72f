import { InboxOutlined } from '@ant-design/icons';
import type { MissedExaminee, ScanUploadResult } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { CHUNK_FILES } from './chunks';
import { matchOriginFiles } from './origin-logic';
import { missedQuery, scanKeys } from './scan.queries';
import { scanCrumbs, scanPagination } from './scan-pages';
import { SchoolPicker, useScanSchool } from './SchoolPicker';
import { uploadChunked } from './upload';
import { UploadSelection } from './UploadSelection';

const PAGE = 100;
const ACCEPT = '.jpg,.jpeg,.png,.tif,.tiff,.pdf';

type Step =
  | { kind: 'idle' }
  | { kind: 'sending'; percent: number }
  | { kind: 'done'; result: ScanUploadResult }
  | { kind: 'failed'; message: string };

/**
 * uploadorigin?subjectId=: original images of selected students (those whose sheet never came through
 * the scanner), one file each named by the 考号; each goes to its student without reading the exam number.
 */
export function UploadOriginView({ subject, exam }: SubjectBundle) {
  const info = subject.subjectInfo;
  const subjectId = info.id;
  const qc = useQueryClient();
  const { schools, school, choose } = useScanSchool(subjectId);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [files, setFiles] = useState<File[]>([]);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const q = useQuery({
    ...missedQuery(subjectId, { page, size: PAGE, schoolId: school?.schoolId }),
    enabled: school !== null,
  });
  const students = [...chosen].map(([examineeId, kaohao]) => ({ examineeId, kaohao }));
  const match = files.length ? matchOriginFiles(files, students) : null;
  const problem = match && 'problem' in match ? match.problem : null;

  async function send() {
    if (!school || !match || !('owners' in match)) return;
    const owner = new Map(files.map((f, i) => [f, match.owners[i]!]));
    const chunks: File[][] = [];
    for (let i = 0; i < files.length; i += CHUNK_FILES) chunks.push(files.slice(i, i + CHUNK_FILES));
    setStep({ kind: 'sending', percent: 0 });
    const answer = await uploadChunked(
      subjectId,
      chunks,
      (p) => setStep({ kind: 'sending', percent: p.percent }),
      {
        target: 'uploadorigin',
        fields: (chunk) => ({
          schoolId: String(school.schoolId),
          examineeIds: chunk.map((f) => owner.get(f)).join(','),
        }),
      },
    );
    await qc.invalidateQueries({ queryKey: scanKeys.subject(subjectId) });
    if (answer.kind !== 'ok') {
      setStep({ kind: 'failed', message: answer.message });
      return;
    }
    setStep({ kind: 'done', result: answer.result });
    setFiles([]);
    setChosen(new Map());
  }

  const sending = step.kind === 'sending';
  return (
    <PageFrame
      crumbs={scanCrumbs(exam, info, '上传原卷')}
      title={`${exam.name} · ${info.name} · 上传原卷`}
      extra={
        <Link to={`/book/missedExamDetail?subjectId=${subjectId}`}>
          <Button>缺扫名单</Button>
        </Link>
      }
      testId="upload-origin"
    >
      <Card title="1. 选择考生">
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <SchoolPicker
            schools={schools}
            school={school}
            onChange={(id) => {
              choose(id);
              setChosen(new Map());
              setPage(1);
            }}
            disabled={sending}
          />
          {q.isError ? (
            <QueryFailed title="考生加载失败" error={q.error} onRetry={() => void q.refetch()} />
          ) : (
            <Table<MissedExaminee>
              rowKey="examineeId"
              size="small"
              loading={q.isPending && school !== null}
              dataSource={q.data?.items ?? []}
              title={() => `未扫描到答题卡的考生 ${q.data?.total ?? 0} 人，已选 ${chosen.size} 人`}
              locale={{ emptyText: '所有考生的答题卡都已扫描或登记缺考' }}
              pagination={{ ...scanPagination(page, q.data?.total ?? 0, setPage), pageSize: PAGE }}
              rowSelection={{
                selectedRowKeys: [...chosen.keys()],
                preserveSelectedRowKeys: true,
                onChange: (_keys, rows) =>
                  setChosen((prev) => {
                    // rows of this page as ticked now; other pages' choices stay
                    const here = new Set((q.data?.items ?? []).map((x) => x.examineeId));
                    const next = new Map([...prev].filter(([id]) => !here.has(id)));
                    for (const r of rows) if (r) next.set(r.examineeId, r.kaohao);
                    return next;
                  }),
              }}
              columns={[
                { title: '考号', dataIndex: 'kaohao' },
                { title: '姓名', dataIndex: 'name' },
                { title: '班级', dataIndex: 'className' },
                { title: '考场', dataIndex: 'kaochang', render: (v: string | null) => v ?? '—' },
              ]}
            />
          )}
        </Space>
      </Card>
      <Card title="2. 上传原卷图片">
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Upload.Dragger
            accept={ACCEPT}
            multiple
            showUploadList={false}
            disabled={sending || !school || !!school.finished}
            beforeUpload={(file, list) => {
              if (file === list[0]) setFiles((prev) => [...prev, ...list]);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或将原卷图片拖到此处</p>
            <p className="ant-upload-hint">
              每名考生一个文件，文件名为考生的考号（只能是数字），如 20260005.jpg；答题卡有多页时用多页 tif 或
              pdf
            </p>
          </Upload.Dragger>
          {files.length > 0 && (
            <UploadSelection
              testId="origin"
              summary={`已选 ${files.length} 个文件，${chosen.size} 名考生`}
              sendDisabled={problem !== null || sending}
              sending={sending}
              onSend={() => void send()}
              onClear={() => {
                setFiles([]);
                setStep({ kind: 'idle' });
              }}
            />
          )}
          {problem && <Alert type="error" showIcon title={problem} data-testid="origin-problem" />}
          {step.kind === 'sending' && <Progress percent={step.percent} status="active" />}
          {step.kind === 'failed' && (
            <Alert type="error" showIcon title={step.message} data-testid="origin-error" />
          )}
          {step.kind === 'done' && (
            <Alert
              type="success"
              showIcon
              data-testid="origin-done"
              title={`上传成功：${step.result.papers} 份原卷进入识别，已对应到所选考生`}
            />
          )}
        </Space>
      </Card>
    </PageFrame>
  );
}
