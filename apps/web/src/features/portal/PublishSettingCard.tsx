import { PORTAL_RANK_MODE_LABELS, portalRankMode, type PublishSetting } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, Radio, Skeleton } from 'antd';
import { useOneAtATime } from '../../app/useOneAtATime';
import { portalApi } from './portal.api';
import { publishSettingQuery } from './portal.queries';

const SHOWN: Array<[keyof Omit<PublishSetting, 'rankMode'>, string]> = [
  ['showAverages', '显示班级和年级的平均分、最高分'],
  ['showPaper', '显示原卷（答题卡图像和批改痕迹）'],
  ['showAnswers', '显示客观题作答和标准答案'],
  ['openToParents', '向家长开放'],
];

/** 发布设置 of an exam: what students and parents see of its published subjects (for those who may publish). */
export function PublishSettingCard({ examId }: { examId: number }) {
  const q = useQuery(publishSettingQuery(examId));
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<PublishSetting>();
  const save = useOneAtATime({
    mutationFn: (v: PublishSetting) => portalApi.saveSetting(examId, v),
    onSuccess: (v) => {
      qc.setQueryData(publishSettingQuery(examId).queryKey, v);
      void message.success('发布设置已保存，学生端立即生效');
    },
  });
  return (
    <Card title="学生端发布设置" data-testid="publish-setting">
      {q.isPending || !q.data ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" initialValues={q.data} onFinish={(v) => save.mutate(v)}>
          <Form.Item name="rankMode" label="排名">
            <Radio.Group
              options={portalRankMode.options.map((m) => ({ value: m, label: PORTAL_RANK_MODE_LABELS[m] }))}
            />
          </Form.Item>
          {SHOWN.map(([name, label]) => (
            <Form.Item key={name} name={name} valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox>{label}</Checkbox>
            </Form.Item>
          ))}
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
            data-testid="save-publish-setting"
          >
            保存发布设置
          </Button>
        </Form>
      )}
    </Card>
  );
}
