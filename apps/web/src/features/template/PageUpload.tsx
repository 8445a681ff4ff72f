import { InboxOutlined } from '@ant-design/icons';
import { Alert, Progress, Space, Upload } from 'antd';
import { useState } from 'react';
import { templateApi, type TemplateImageUpload } from './template.api';

/** Upload of one page's picture: a scan or PDF of the blank card; the server recognises it at once. */
export function PageUpload({
  subjectId,
  dpi,
  pageNo,
  onDone,
  compact = false,
}: {
  subjectId: number;
  dpi: number;
  pageNo: number;
  onDone: (r: TemplateImageUpload) => void;
  compact?: boolean;
}) {
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async (file: File) => {
    setError(null);
    setPercent(0);
    const answer = await templateApi.uploadImage(subjectId, pageNo - 1, dpi, file, setPercent);
    setPercent(null);
    if (answer.kind === 'ok') onDone(answer.data);
    else setError(answer.message);
  };
  const busy = percent !== null;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Upload.Dragger
        accept=".jpg,.jpeg,.png,.tif,.tiff,.pdf"
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
        data-testid={`upload-page-${pageNo}`}
        style={compact ? { padding: 0 } : { padding: '48px 0' }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">
          {compact ? `重新上传第 ${pageNo} 页图像` : `点击或拖入第 ${pageNo} 页的答题卡图像`}
        </p>
        {!compact && (
          <p className="ant-upload-hint">
            空白答题卡的扫描图（JPG、PNG、TIFF）或 PDF（取第一页），建议 {dpi} dpi 灰度扫描
          </p>
        )}
      </Upload.Dragger>
      {busy && (
        <Progress percent={percent} status="active" format={(p) => (p === 100 ? '识别中…' : `${p}%`)} />
      )}
      {error && <Alert type="error" showIcon title="图像上传未成功" description={error} />}
    </Space>
  );
}
