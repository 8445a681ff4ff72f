import { type ExamDetail } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { handleApiError } from '../../api/handle-error';
import { useFormDirty } from '../../app/useDialogGuard';
import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import { DateFields, fmt } from './DateFields';
import { examAdminApi } from './exam-admin.api';
import { invalidateExam } from './exam-admin.queries';
import { SubjectsField, toSubjectInputs, type SubjectRow } from './SubjectsField';
import { nameRules } from '../../components/form-rules';

interface Values {
  name: string;
  startDate: Dayjs;
  endDate?: Dayjs | null;
  subjects: SubjectRow[];
}

/** exam/{examId}/edit: name, dates and subjects; subjects past 设置中 stay as they are. */
export function ExamEditForm({ exam }: { exam: ExamDetail }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  // a save leaves for the exam page by itself: only an unsaved edit asks
  useUnsavedGuard(useFormDirty(form, true).dirty && !saving);

  const save = async (v: Values) => {
    setSaving(true);
    try {
      await examAdminApi.edit(exam.id, {
        name: v.name.trim(),
        startDate: fmt(v.startDate)!,
        endDate: fmt(v.endDate) ?? null,
        subjects: toSubjectInputs(v.subjects),
      });
      await invalidateExam(qc, exam.id);
      message.success('考试信息已保存');
      void navigate(`/book/exam/${exam.id}`);
    } catch (e) {
      handleApiError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card data-testid="exam-edit">
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        initialValues={{
          name: exam.name,
          startDate: exam.startDate ? dayjs(exam.startDate) : undefined,
          endDate: exam.endDate ? dayjs(exam.endDate) : null,
          subjects: exam.subjects.map((s) => ({
            id: s.id,
            course: s.course,
            fullScore: s.fullScore,
            status: s.status,
          })),
        }}
        onFinish={(v) => void save(v)}
      >
        <Form.Item label="考试名称" name="name" rules={nameRules('考试名称')}>
          <Input placeholder="例如：2026学年第一学期高一期中考试" maxLength={60} showCount />
        </Form.Item>
        <Form.Item label="年级">
          <Input value={exam.gradeName ?? '—'} disabled />
        </Form.Item>
        <DateFields />
        <Form.Item label="科目与满分" required>
          <SubjectsField />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
          <Button onClick={() => void navigate(`/book/exam/${exam.id}`)}>取消</Button>
        </Space>
      </Form>
    </Card>
  );
}
