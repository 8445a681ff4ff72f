import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Modal, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import type { ReportGroupCandidate, ReportGroupImportResult, ReportGroupItem } from '@yj/contracts';
import { classifyError } from '../../api/classify-error';
import { handleApiError } from '../../api/handle-error';
import type { ImportAnswer } from '../../api/upload';
import { ImportErrorTable } from '../school-admin/common/ImportErrorTable';
import { ImportPick, UploadProgress } from '../school-admin/common/ImportParts';
import { reportApi } from './report.api';

type Step =
  | { kind: 'pick'; problem?: string }
  | { kind: 'sending'; percent: number; apply: boolean }
  | { kind: 'preview'; file: File; r: ReportGroupImportResult };

/** The counts of a checked file, as the preview shows them. */
function Counts({ r }: { r: ReportGroupImportResult }) {
  return (
    <Descriptions size="small" column={3} bordered data-testid="group-import-counts">
      <Descriptions.Item label="文件中的考号">{r.rows} 个</Descriptions.Item>
      <Descriptions.Item label="可添加">
        <Typography.Text type="success" strong>
          {r.matched.length} 人
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="已在组内">{r.already} 人</Descriptions.Item>
      <Descriptions.Item label="不在本次考试">{r.missing} 个</Descriptions.Item>
      <Descriptions.Item label="重复">{r.duplicated} 行</Descriptions.Item>
      <Descriptions.Item label="格式有误">{r.invalid} 行</Descriptions.Item>
    </Descriptions>
  );
}

const names = (xs: readonly ReportGroupCandidate[]) =>
  xs
    .slice(0, 8)
    .map((c) => `${c.name}（${c.kaohao}）`)
    .join('、') + (xs.length > 8 ? ` 等 ${xs.length} 人` : '');

/**
 * 导入考号 of a student group: a template, an .xlsx chosen (the 考号 column, or the first), the server's check
 * shown (found / in the group already / not in the exam / repeated), and the examinees found added on 确认.
 */
export function GroupImportDialog({
  examId,
  group,
  onImported,
  onClose,
}: {
  examId: number;
  group: ReportGroupItem;
  /** the examinees the group gained */
  onImported: (added: ReportGroupCandidate[]) => void;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'pick' });

  /** Sends the file; a refusal goes back to the choice with its message. */
  const send = async (file: File, apply: boolean): Promise<ReportGroupImportResult | null> => {
    setStep({ kind: 'sending', percent: 0, apply });
    const answer: ImportAnswer<ReportGroupImportResult> = await reportApi.groupImport(
      examId,
      group.id,
      file,
      apply,
      (percent) => setStep({ kind: 'sending', percent, apply }),
    );
    if (answer.kind === 'ok') return answer.data;
    if (answer.kind === 'failed' && classifyError(answer.raw).kind === 'session') handleApiError(answer.raw);
    setStep({ kind: 'pick', problem: answer.message });
    return null;
  };
  const check = async (file: File) => {
    const r = await send(file, false);
    if (r) setStep({ kind: 'preview', file, r });
  };
  const confirm = async (file: File) => {
    const r = await send(file, true);
    if (!r) return;
    await qc.invalidateQueries({ queryKey: ['report', examId, 'groups'] });
    await qc.invalidateQueries({ queryKey: ['report', examId, 'group', group.id] });
    message.success(`已向“${group.name}”添加 ${r.added} 名学生`);
    onImported(r.matched);
    onClose();
  };

  let body: ReactNode;
  let footer: ReactNode[] = [];
  if (step.kind === 'pick') {
    body = (
      <div data-testid="group-import-file">
        <ImportPick
          title="考号放在表头为“考号”的一列，或直接放在第一列（每行一个）"
          description="上传后先显示检查结果（可添加、已在组内、不在本次考试、重复），确认后才添加到分析组。"
          template={{
            path: reportApi.groupImportTemplatePath(examId),
            name: '分析组考号导入模板.xlsx',
            label: '下载模板',
          }}
          {...(step.problem ? { problem: step.problem } : {})}
          onProblem={(problem) => setStep({ kind: 'pick', problem })}
          onFile={(file) => void check(file)}
          hint="仅支持 .xlsx，单个文件不超过 10 MB，最多 5000 个考号"
        />
      </div>
    );
    footer = [
      <Button key="close" onClick={onClose}>
        关闭
      </Button>,
    ];
  } else if (step.kind === 'sending') {
    body = (
      <UploadProgress
        percent={step.percent}
        text={step.apply ? '正在添加到分析组，请稍候…' : '正在检查文件中的考号，请稍候…'}
      />
    );
  } else {
    const { r, file } = step;
    const left = r.missing + r.duplicated + r.invalid;
    body = (
      <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="group-import-preview">
        <Counts r={r} />
        {r.matched.length > 0 ? (
          <Typography.Text>将添加：{names(r.matched)}</Typography.Text>
        ) : (
          <Alert type="warning" showIcon title="文件中没有可添加的学生" />
        )}
        {left > 0 && (
          <>
            <Typography.Text type="secondary">
              以下行不会添加（不在本次考试、您无权查看、重复或格式有误）
              {r.problems.length < left ? `，列出前 ${r.problems.length} 行` : ''}：
            </Typography.Text>
            <ImportErrorTable errors={r.problems} />
          </>
        )}
      </Space>
    );
    footer = [
      <Button key="again" onClick={() => setStep({ kind: 'pick' })}>
        重新选择文件
      </Button>,
      <Button
        key="ok"
        type="primary"
        disabled={!r.matched.length}
        onClick={() => void confirm(file)}
        data-testid="group-import-confirm"
      >
        确认添加 {r.matched.length} 名学生
      </Button>,
    ];
  }

  return (
    <Modal
      open
      title={`导入考号：${group.name}`}
      width={680}
      onCancel={step.kind === 'sending' ? undefined : onClose}
      closable={step.kind !== 'sending'}
      mask={{ closable: false }}
      footer={footer}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
