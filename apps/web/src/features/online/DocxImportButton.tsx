import type { DocxImport, OnlineSetting } from '@yj/contracts';
import { App, Button, Modal, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { MathText } from '../../components/MathText';
import { failureText } from '../exam-admin/QueryFailed';
import { onlineApi } from './online.api';

type Imported = DocxImport['questions'][number];
type Q = OnlineSetting['questions'][number];
const letter = (i: number) => String.fromCharCode(65 + i);

/**
 * 从 Word 导入 (issue 34): the school uploads the .docx paper, checks each imported question beside the text
 * Word shows, and 使用 fills the content of the questions of the same number; 保存设置 then saves as usual.
 */
export function DocxImportButton({
  subjectId,
  questions,
  onUse,
}: {
  subjectId: number;
  questions: Q[];
  onUse: (imported: Imported[]) => void;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DocxImport | null>(null);
  const known = new Set(questions.map((q) => q.no));

  const read = async (file: File) => {
    if (busy) return;
    setBusy(true);
    try {
      setResult(await onlineApi.importDocx(subjectId, file));
    } catch (e) {
      message.error(failureText(e));
    } finally {
      setBusy(false);
    }
  };
  const usable = result?.questions.filter((q) => known.has(q.no)) ?? [];

  return (
    <>
      <Upload
        accept=".docx"
        showUploadList={false}
        beforeUpload={(file) => {
          void read(file);
          return false;
        }}
      >
        <Button loading={busy}>从 Word 导入</Button>
      </Upload>
      <Modal
        open={!!result}
        title="从 Word 导入：核对题目"
        width={1200}
        onCancel={() => setResult(null)}
        okText={`使用（${usable.length} 题）`}
        okButtonProps={{ disabled: !usable.length }}
        cancelText="取消"
        onOk={() => {
          onUse(usable);
          setResult(null);
          message.success(`已填入 ${usable.length} 题的内容，请核对后保存设置`);
        }}
      >
        <Typography.Paragraph type="secondary">
          左侧为 Word 中的原文，右侧为导入后考生将看到的内容；题号与“题目设置”中相同的题才会填入。
          {result?.images ? ` 已保存 ${result.images} 张图片。` : ''}
        </Typography.Paragraph>
        <Table<Imported>
          rowKey="no"
          size="small"
          pagination={false}
          scroll={{ y: 440 }}
          dataSource={result?.questions ?? []}
          columns={[
            {
              title: '题号',
              dataIndex: 'no',
              width: 90,
              render: (no: string) =>
                known.has(no) ? (
                  <b>{no}</b>
                ) : (
                  <span>
                    {no} <Tag color="orange">无此题</Tag>
                  </span>
                ),
            },
            {
              title: 'Word 原文',
              dataIndex: 'source',
              render: (s: string) => <div style={{ whiteSpace: 'pre-wrap' }}>{s}</div>,
            },
            {
              title: '导入结果',
              key: 'content',
              render: (_: unknown, q) => (
                <div data-testid={`docx-import-${q.no}`} style={{ whiteSpace: 'pre-wrap' }}>
                  <MathText text={q.content} />
                  {q.optionTexts.map((o, i) => (
                    <div key={i}>
                      {letter(i)}. <MathText text={o} />
                    </div>
                  ))}
                  {q.checks.map((c) => (
                    <div key={c}>
                      <Tag color="red">{c}</Tag>
                    </div>
                  ))}
                </div>
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}
