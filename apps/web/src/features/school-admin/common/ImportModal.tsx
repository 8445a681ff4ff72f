import type { ImportError } from '@yj/contracts';
import { Alert, Button, Modal, Result, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { classifyError } from '../../../api/classify-error';
import { handleApiError } from '../../../api/handle-error';
import type { ImportAnswer } from '../../../api/upload';
import { badRowCount, ImportErrorTable } from './ImportErrorTable';
import { ImportPick, UploadProgress } from './ImportParts';

type Step<T> =
  | { kind: 'pick'; problem?: string }
  | { kind: 'uploading'; percent: number; file: File }
  | { kind: 'rowErrors'; message: string; errors: ImportError[]; file: File }
  | { kind: 'done'; data: T };

/** What a school's import modal (学生, 老师) takes: the school, whether it shows, how it closes, what follows. */
export interface SchoolImportProps<R> {
  schoolId: number;
  open: boolean;
  onClose: () => void;
  onImported: (result: R) => void;
}

/** What a school's roster import says of itself: its open state, the roster's template file, its word. */
export function schoolImport<R>(
  p: SchoolImportProps<R>,
  roster: 'students' | 'teachers',
  what: '学生' | '老师',
) {
  return {
    open: p.open,
    onClose: p.onClose,
    onImported: p.onImported,
    what,
    templatePath: `/api/school/${p.schoolId}/${roster}/template`,
    templateName: `${what}导入模板.xlsx`,
  };
}

export interface ImportModalProps<T> {
  open: boolean;
  onClose: () => void;
  /** 学生 / 老师 */
  what: string;
  /** the columns of the sheet, as told to the user */
  columnsHint: ReactNode;
  templatePath: string;
  templateName: string;
  upload: (file: File, onlyValid: boolean, onProgress: (p: number) => void) => Promise<ImportAnswer<T>>;
  /** the server can write the valid rows and skip the others */
  allowOnlyValid: boolean;
  /** what the import did, shown after success */
  describe: (data: T) => ReactNode;
  onImported: (data: T) => void;
}

/** Excel import: template, choose a file, progress, per-row errors (nothing written), result. */
export function ImportModal<T>(p: ImportModalProps<T>) {
  const [step, setStep] = useState<Step<T>>({ kind: 'pick' });

  const send = async (file: File, onlyValid: boolean) => {
    setStep({ kind: 'uploading', percent: 0, file });
    const answer = await p.upload(file, onlyValid, (percent) =>
      setStep({ kind: 'uploading', percent, file }),
    );
    if (answer.kind === 'ok') {
      setStep({ kind: 'done', data: answer.data });
      p.onImported(answer.data);
    } else if (answer.kind === 'rowErrors') {
      setStep({ kind: 'rowErrors', message: answer.message, errors: answer.errors, file });
    } else {
      if (classifyError(answer.raw).kind === 'session') handleApiError(answer.raw);
      setStep({ kind: 'pick', problem: answer.message });
    }
  };

  const close = () => {
    if (step.kind === 'uploading') return;
    setStep({ kind: 'pick' });
    p.onClose();
  };

  let body: ReactNode;
  let footer: ReactNode[] = [];
  if (step.kind === 'pick') {
    body = (
      <ImportPick
        title={<>请按模板填写：{p.columnsHint}</>}
        description="系统会先检查所有行；只要有一处错误，就不会写入任何数据，并列出出错的行和列。"
        template={{ path: p.templatePath, name: p.templateName }}
        {...(step.problem ? { problem: step.problem } : {})}
        onProblem={(problem) => setStep({ kind: 'pick', problem })}
        onFile={(file) => void send(file, false)}
      />
    );
    footer = [
      <Button key="close" onClick={close}>
        关闭
      </Button>,
    ];
  } else if (step.kind === 'uploading') {
    body = (
      <UploadProgress
        percent={step.percent}
        text={step.percent < 100 ? `正在上传 ${step.file.name}…` : '上传完成，正在检查并写入数据，请稍候…'}
      />
    );
  } else if (step.kind === 'rowErrors') {
    const rows = badRowCount(step.errors);
    body = (
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert
          type="error"
          showIcon
          title={step.message}
          description={`共 ${rows} 行有问题，本次没有写入任何数据。${p.allowOnlyValid ? '选择“仅导入正确的行”将跳过这些行，其余照常导入。' : '请按下表修改文件后重新导入。'}`}
        />
        <ImportErrorTable errors={step.errors} />
      </Space>
    );
    footer = [
      <Button key="again" onClick={() => setStep({ kind: 'pick' })}>
        重新选择文件
      </Button>,
      ...(p.allowOnlyValid
        ? [
            <Button key="valid" type="primary" onClick={() => void send(step.file, true)}>
              仅导入正确的行
            </Button>,
          ]
        : []),
    ];
  } else {
    body = <Result status="success" title="导入完成" subTitle={p.describe(step.data)} />;
    footer = [
      <Button key="more" onClick={() => setStep({ kind: 'pick' })}>
        继续导入
      </Button>,
      <Button key="ok" type="primary" onClick={close}>
        完成
      </Button>,
    ];
  }

  return (
    <Modal
      open={p.open}
      title={`批量导入${p.what}`}
      width={680}
      onCancel={close}
      closable={step.kind !== 'uploading'}
      maskClosable={false}
      footer={footer}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
