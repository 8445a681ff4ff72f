import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Space, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { downloadFile } from '../download';
import { IMPORT_MAX_BYTES } from '@yj/contracts';

/** A reason to refuse a file before sending it, or null. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!/\.xlsx$/i.test(file.name)) return '只支持 .xlsx 格式的 Excel 文件，请使用下载的模板填写';
  if (file.size > IMPORT_MAX_BYTES) return '文件不能超过 10 MB，请分批导入';
  if (file.size === 0) return '文件是空的，请检查后重新选择';
  return null;
}

/**
 * Where an import's .xlsx is dropped or chosen: a file refused on sight (type, size, empty) goes to `onProblem`,
 * another to `onFile` — sent by the caller's own upload (with progress), never by the component.
 */
export function ExcelDropZone({
  onFile,
  onProblem,
  hint = '仅支持 .xlsx，单个文件不超过 10 MB',
}: {
  onFile: (file: File) => void;
  onProblem: (problem: string) => void;
  hint?: string;
}) {
  return (
    <Upload.Dragger
      accept=".xlsx"
      multiple={false}
      showUploadList={false}
      beforeUpload={(file) => {
        const problem = fileProblem(file);
        if (problem) onProblem(problem);
        else onFile(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">点击或将 Excel 文件拖到此处</p>
      <p className="ant-upload-hint">{hint}</p>
    </Upload.Dragger>
  );
}

/** An upload under way: its percent, and what is happening. */
export function UploadProgress({ percent, text }: { percent: number; text: string }) {
  return (
    <div style={{ textAlign: 'center', padding: '24px 0' }}>
      <Progress type="circle" percent={percent} status="active" />
      <Typography.Paragraph style={{ marginTop: 16 }}>{text}</Typography.Paragraph>
    </div>
  );
}

/** The template of an import, fetched by the shared downloader. */
function TemplateButton({ path, name, label }: { path: string; name: string; label: string }) {
  const [downloading, setDownloading] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={downloading}
      onClick={() => {
        setDownloading(true);
        void downloadFile(path, name).finally(() => setDownloading(false));
      }}
    >
      {label}
    </Button>
  );
}

/** The first step of an import: what the file holds and the template, the last refusal, the drop zone. */
export function ImportPick(p: {
  title: ReactNode;
  description: string;
  template: { path: string; name: string; label?: string };
  problem?: string;
  onFile: (file: File) => void;
  onProblem: (problem: string) => void;
  hint?: string;
}) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={p.title}
        description={p.description}
        action={
          <TemplateButton
            path={p.template.path}
            name={p.template.name}
            label={p.template.label ?? '下载导入模板'}
          />
        }
      />
      {p.problem && <Alert type="error" showIcon title={p.problem} data-testid="import-problem" />}
      <ExcelDropZone onFile={p.onFile} onProblem={p.onProblem} {...(p.hint ? { hint: p.hint } : {})} />
    </Space>
  );
}
