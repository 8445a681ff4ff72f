import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_BYTES, type ImportError } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Progress, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { handleApiError } from '../../../api/handle-error';
import { downloadFile } from '../../school-admin/download';
import { uploadFile } from '../../../api/upload';
import { examineeFiles } from '../exam-admin.api';
import { invalidateExam } from '../exam-admin.queries';

/**
 * 导入考生 from the template (学号 考号 学校 考场 座位号 试卷类型). The server checks every row first and
 * writes nothing when one is wrong; the problems are listed here by row and column.
 */
export function ImportExamineesModal({
  examId,
  open,
  onClose,
}: {
  examId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [errors, setErrors] = useState<ImportError[]>([]);
  const [summary, setSummary] = useState('');

  const reset = () => {
    setFile(null);
    setPercent(null);
    setErrors([]);
    setSummary('');
  };

  const start = async () => {
    if (!file) return;
    setErrors([]);
    setPercent(0);
    const answer = await uploadFile<{ added: number; updated: number }>(
      examineeFiles.import(examId),
      file,
      setPercent,
    );
    setPercent(null);
    if (answer.kind === 'ok') {
      await invalidateExam(qc, examId);
      message.success(`导入完成：新增 ${answer.data.added} 人，更新 ${answer.data.updated} 人`);
      reset();
      onClose();
    } else if (answer.kind === 'rowErrors') {
      setSummary(answer.message);
      setErrors(answer.errors);
    } else {
      handleApiError(answer.raw);
    }
  };

  const busy = percent !== null;
  return (
    <Modal
      title="导入考生"
      open={open}
      width={640}
      mask={{ closable: false }}
      onCancel={busy ? undefined : () => (reset(), onClose())}
      okText={busy ? '正在导入…' : '开始导入'}
      cancelText="取消"
      okButtonProps={{ disabled: !file, loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => void start()}
    >
      <Typography.Paragraph type="secondary">
        请使用导入模板填写，学号必须是本次考试学校中已有的学生；已在考试中的考生按学号更新考号、考场、座位号和试卷类型。
        <Button
          type="link"
          size="small"
          onClick={() => void downloadFile(examineeFiles.template(examId), '考生导入模板.xlsx')}
        >
          下载导入模板
        </Button>
      </Typography.Paragraph>
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        disabled={busy}
        beforeUpload={(f) => {
          if (!f.name.toLowerCase().endsWith('.xlsx')) {
            message.error('请选择 .xlsx 格式的 Excel 文件');
            return Upload.LIST_IGNORE;
          }
          if (f.size > IMPORT_MAX_BYTES) {
            message.error('文件不能超过 10 MB');
            return Upload.LIST_IGNORE;
          }
          setFile(f);
          setErrors([]);
          return false;
        }}
        onRemove={() => reset()}
        fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或将 Excel 文件拖到这里</p>
        <p className="ant-upload-hint">仅支持 .xlsx，不超过 10 MB</p>
      </Upload.Dragger>
      {busy && <Progress percent={percent} status="active" style={{ marginTop: 12 }} />}
      {errors.length > 0 && (
        <div style={{ marginTop: 16 }} data-testid="import-errors">
          <Alert
            type="error"
            showIcon
            title={summary || `文件中有 ${errors.length} 处问题，未导入任何数据`}
            description="本次没有导入任何数据。请按下表修改文件后，重新选择文件导入。"
          />
          <Table<ImportError>
            size="small"
            style={{ marginTop: 8 }}
            rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
            dataSource={errors}
            pagination={errors.length > 8 ? { pageSize: 8, size: 'small' } : false}
            columns={[
              { title: '行', dataIndex: 'row', width: 70 },
              { title: '列', dataIndex: 'column', width: 100 },
              { title: '问题', dataIndex: 'message' },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
