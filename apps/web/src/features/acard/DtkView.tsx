import { FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { examDetailQuery } from '../exam-admin/exam-admin.queries';
import { homeCrumbs, PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { homeExamsQuery } from '../exams/useHomeExams';

/** dtk (答题卡制作): pick an exam and a subject, then make or edit its online answer card. */
export function DtkView() {
  const navigate = useNavigate();
  const [examId, setExamId] = useState<number | null>(null);
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const exams = useQuery(homeExamsQuery({ page: 1, size: 200 }));
  const exam = useQuery({ ...examDetailQuery(examId ?? 0), enabled: examId !== null });
  if (exams.isError && !exams.data)
    return <QueryFailed title="考试列表加载失败" error={exams.error} onRetry={() => void exams.refetch()} />;
  return (
    <PageFrame crumbs={homeCrumbs({ title: '答题卡制作' })} title="答题卡制作" testId="dtk">
      <Card style={{ maxWidth: 640 }}>
        <Typography.Paragraph type="secondary">
          在线答题卡按科目的题目结构自动排版：选择考试和科目，调整版式后下载 PDF 打印，保存即生成识别模板。
        </Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label="考试" htmlFor="dtk-exam">
            <Select
              id="dtk-exam"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="选择考试"
              loading={exams.isPending}
              value={examId ?? undefined}
              options={(exams.data?.items ?? []).map((e) => ({ value: e.id, label: e.name }))}
              onChange={(v: number) => {
                setExamId(v);
                setSubjectId(null);
              }}
            />
          </Form.Item>
          <Form.Item label="科目" htmlFor="dtk-subject">
            <Select
              id="dtk-subject"
              placeholder={examId ? '选择科目' : '请先选择考试'}
              disabled={!exam.data}
              loading={exam.isFetching}
              value={subjectId ?? undefined}
              options={(exam.data?.subjects ?? []).map((s) => ({ value: s.id, label: s.name }))}
              onChange={(v: number) => setSubjectId(v)}
            />
          </Form.Item>
          <Button
            type="primary"
            icon={<FileTextOutlined />}
            disabled={subjectId === null}
            onClick={() => void navigate(`/book/subject/${subjectId}/acard/template/home`)}
          >
            打开在线答题卡
          </Button>
        </Form>
      </Card>
    </PageFrame>
  );
}
