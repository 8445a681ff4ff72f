import { useFormDirty } from '../../../app/useDialogGuard';
import { useExclusive } from '../../../app/useExclusive';
import { useUnsavedGuard } from '../../../app/useUnsavedGuard';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { handleApiError } from '../../../api/handle-error';
import { DateFields, fmt } from '../DateFields';
import { examAdminApi } from '../exam-admin.api';
import { gradesQuery, invalidateExam } from '../exam-admin.queries';
import { SubjectsField, toSubjectInputs, type SubjectRow } from '../SubjectsField';
import { WizardFrame } from './WizardFrame';
import { nameRules } from '../../../components/form-rules';

interface Values {
  name: string;
  gradeId: number;
  startDate: Dayjs;
  endDate?: Dayjs | null;
  subjects: SubjectRow[];
}

const BASIC_FIELDS: Array<keyof Values> = ['name', 'gradeId', 'startDate', 'endDate'];

/** Steps 1–2 of singleCreateExam: nothing is written until the subjects are set. */
export function CreateBasics({
  schoolId,
  onCreated,
}: {
  schoolId: number;
  onCreated: (examId: number) => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(1);
  const { busy: saving, run } = useExclusive();
  useUnsavedGuard(useFormDirty(form, true).dirty && !saving);
  const grades = useQuery(gradesQuery(schoolId));

  const create = () =>
    run(async () => {
      const v = await form.validateFields();
      try {
        const endDate = fmt(v.endDate);
        const { id } = await examAdminApi.createSingle({
          schoolId,
          name: v.name.trim(),
          gradeId: v.gradeId,
          startDate: fmt(v.startDate)!,
          ...(endDate ? { endDate } : {}),
          subjects: toSubjectInputs(v.subjects).map(({ course, fullScore }) => ({ course, fullScore })),
        });
        await invalidateExam(qc);
        message.success('考试已创建，接下来添加考生');
        onCreated(id);
      } catch (e) {
        handleApiError(e);
      }
    });

  const footer =
    step === 1 ? (
      <Button
        type="primary"
        // a refusal is already shown beside the fields; nothing else to do with it
        onClick={() =>
          void form.validateFields(BASIC_FIELDS).then(
            () => setStep(2),
            () => undefined,
          )
        }
      >
        下一步
      </Button>
    ) : (
      <>
        <Button onClick={() => setStep(1)} disabled={saving}>
          上一步
        </Button>
        <Button type="primary" loading={saving} onClick={() => void create().catch(() => undefined)}>
          创建考试并继续
        </Button>
      </>
    );

  return (
    <WizardFrame current={step} title="创建考试" footer={footer}>
      <Card title={step === 1 ? '基本信息' : '科目与满分'}>
        <Form<Values>
          form={form}
          layout="vertical"
          style={{ maxWidth: 560 }}
          initialValues={{ subjects: [{}] }}
          requiredMark
        >
          {/* Both steps stay mounted so going back keeps what was typed. */}
          <div style={{ display: step === 1 ? 'block' : 'none' }}>
            <Form.Item label="考试名称" name="name" rules={nameRules('考试名称')}>
              <Input placeholder="例如：2026学年第一学期高一期中考试" maxLength={60} showCount />
            </Form.Item>
            <Form.Item
              label="年级"
              name="gradeId"
              rules={[{ required: true, message: '请选择年级' }]}
              extra={
                grades.data?.length === 0 ? '学校还没有年级，请先在学校管理中添加年级和班级。' : undefined
              }
            >
              <Select
                placeholder="选择参加考试的年级"
                loading={grades.isPending}
                options={(grades.data ?? []).map((g) => ({
                  value: g.id,
                  label: `${g.name}（${g.classes} 个班，${g.students} 人）`,
                }))}
              />
            </Form.Item>
            <DateFields />
          </div>
          <div style={{ display: step === 2 ? 'block' : 'none' }}>
            <SubjectsField />
          </div>
        </Form>
      </Card>
    </WizardFrame>
  );
}
