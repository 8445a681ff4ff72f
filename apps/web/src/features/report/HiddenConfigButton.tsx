import { ANALYSIS_HIDE_KEYS, ANALYSIS_HIDE_LABELS, type AnalysisHideKey } from '@yj/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form } from 'antd';
import { useState } from 'react';
import { FormModal } from '../../components/FormModal';
import { reportApi } from './report.api';

interface Values {
  hidden: AnalysisHideKey[];
}

/**
 * 隐藏设置 (hidden-config for analysis) of an exam, for those who may change the report settings: what teachers
 * who see only their classes do not see in 学生成绩 and its export.
 */
export function HiddenConfigButton({ examId }: { examId: number }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const key = ['report', examId, 'hidden-config'];
  const q = useQuery({
    queryKey: key,
    queryFn: () => reportApi.hiddenConfig(examId),
    meta: { silent: true },
  });
  const save = useMutation({
    mutationFn: (v: Values) => reportApi.saveHiddenConfig(examId, v.hidden),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['report', examId] });
      setOpen(false);
      void message.success('隐藏设置已保存');
    },
  });
  if (!q.data?.mayEdit) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="hidden-config-open">
        隐藏设置
      </Button>
      <FormModal<Values>
        open={open}
        title="分析隐藏设置"
        okText="保存"
        form={form}
        save={save}
        onCancel={() => setOpen(false)}
        initialValues={{ hidden: q.data.hidden }}
        intro="对只能查看任教班级的老师隐藏以下内容（学生成绩及其导出）；考试管理员和学校管理员始终可见。学生和家长端看到什么由发布设置决定。"
      >
        <Form.Item name="hidden" label="对老师隐藏">
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={ANALYSIS_HIDE_KEYS.map((k) => ({ value: k, label: ANALYSIS_HIDE_LABELS[k] }))}
          />
        </Form.Item>
      </FormModal>
    </>
  );
}
