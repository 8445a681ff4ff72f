import { parseQuizKeys } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { handleApiError } from '../../api/handle-error';
import { useExclusive } from '../../app/useExclusive';
import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import { homeCrumbs, PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { quizApi, quizKeys, quizOptionsQuery } from './quiz.api';
import { subjectiveScores } from './subjective-scores';

interface Values {
  name: string;
  course: string;
  classIds: number[];
  options: number;
  objectiveScore: number;
  keys: string;
  subjective: string;
  markerIds: number[];
}

/** /book/quiz/create: a quiz in under a minute — name, course, classes, the keys in one line, subjective scores. */
export function QuizCreateForm() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const { busy, run } = useExclusive();
  const options = useQuery(quizOptionsQuery());
  useUnsavedGuard(dirty && !busy);
  const keys = Form.useWatch('keys', form) ?? '';
  const optionCount = Form.useWatch('options', form) ?? 4;
  const score = Form.useWatch('objectiveScore', form) ?? 3;
  const subjective = Form.useWatch('subjective', form) ?? '';
  const parsed = parseQuizKeys(keys, optionCount, score || 1);
  const sub = subjectiveScores(subjective);
  const total =
    (parsed.ok ? parsed.questions.length * (score || 0) : 0) + (sub ?? []).reduce((n, q) => n + q.score, 0);

  const create = () =>
    run(async () => {
      const v = await form.validateFields();
      try {
        const made = await quizApi.create({
          name: v.name.trim(),
          course: v.course.trim(),
          classIds: v.classIds,
          options: v.options,
          objectiveScore: v.objectiveScore,
          keys: v.keys ?? '',
          subjective: subjectiveScores(v.subjective ?? '') ?? [],
          markerIds: v.markerIds ?? [],
        });
        await qc.invalidateQueries({ queryKey: quizKeys.all });
        setDirty(false);
        message.success('小测已创建，请生成答题卡');
        // the guard reads `dirty` from the render: leave once it has seen the save
        setTimeout(() => void navigate(`/book/quiz/${made.examId}`), 0);
      } catch (e) {
        handleApiError(e);
      }
    });

  if (options.isError)
    return (
      <QueryFailed title="加载任教班级失败" error={options.error} onRetry={() => void options.refetch()} />
    );
  const classes = options.data?.classes ?? [];
  return (
    <PageFrame
      crumbs={homeCrumbs({ title: '课堂小测', to: '/book/quiz' }, { title: '新建小测' })}
      title="新建小测"
      testId="quiz-create-page"
    >
      <Card>
        {options.data && !classes.length && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="您还没有任教班级，请联系学校管理员在教师任课中设置。"
          />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          style={{ maxWidth: 640 }}
          initialValues={{
            options: 4,
            objectiveScore: 3,
            keys: '',
            subjective: '',
            markerIds: [],
            classIds: [],
          }}
          onValuesChange={() => setDirty(true)}
          requiredMark
        >
          <Form.Item
            label="小测名称"
            name="name"
            rules={[{ required: true, whitespace: true, message: '请输入小测名称' }]}
          >
            <Input placeholder="例如：第三周函数小测" maxLength={40} data-testid="quiz-name" />
          </Form.Item>
          <Form.Item
            label="学科"
            name="course"
            rules={[{ required: true, whitespace: true, message: '请选择学科' }]}
          >
            <Select
              placeholder="选择学科"
              data-testid="quiz-course"
              options={(options.data?.courses ?? []).map((c) => ({ value: c, label: c }))}
            />
          </Form.Item>
          <Form.Item
            label="班级"
            name="classIds"
            rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个班级' }]}
          >
            <Checkbox.Group
              data-testid="quiz-classes"
              options={classes.map((c) => ({
                value: c.classId,
                label: `${c.name.startsWith(c.gradeName) ? '' : c.gradeName}${c.name}（${c.students} 人）`,
              }))}
            />
          </Form.Item>
          <Space size={24} wrap>
            <Form.Item label="每题选项数" name="options">
              <Select
                style={{ width: 140 }}
                options={[2, 3, 4, 5, 6, 7, 8].map((n) => ({
                  value: n,
                  label: `${n} 个（A-${'ABCDEFGH'[n - 1]}）`,
                }))}
              />
            </Form.Item>
            <Form.Item
              label="客观题每题分值"
              name="objectiveScore"
              rules={[{ required: true, message: '请输入分值' }]}
            >
              <InputNumber min={0.5} max={100} step={0.5} style={{ width: 140 }} addonAfter="分" />
            </Form.Item>
          </Space>
          <Form.Item
            label="客观题答案（一行）"
            name="keys"
            extra="题号范围加答案，如 1-10 ABCDABCDAB；多选题用逗号分开，如 11-12 AC,BD"
            validateStatus={parsed.ok ? undefined : 'error'}
            help={parsed.ok ? undefined : parsed.error}
          >
            <Input placeholder="1-10 ABCDABCDAB" data-testid="quiz-keys" />
          </Form.Item>
          <Form.Item
            label="主观题满分（每题一个，空格分开）"
            name="subjective"
            extra="题号接在客观题之后，每道主观题一个题块，由您单评"
            validateStatus={sub ? undefined : 'error'}
            help={sub ? undefined : '满分须为大于 0 的整数或 0.5 的倍数'}
          >
            <Input placeholder="例如：10 5" data-testid="quiz-subjective" />
          </Form.Item>
          <Form.Item label="一起阅卷的同事（可选）" name="markerIds">
            <Select
              mode="multiple"
              allowClear
              placeholder="按姓名搜索同事"
              optionFilterProp="label"
              options={(options.data?.colleagues ?? []).map((c) => ({ value: c.userId, label: c.name }))}
            />
          </Form.Item>
          <Typography.Paragraph data-testid="quiz-summary">
            共 {parsed.ok ? parsed.questions.length : 0} 道客观题、{sub?.length ?? 0} 道主观题，总分 {total}{' '}
            分
          </Typography.Paragraph>
          <Button
            type="primary"
            loading={busy}
            onClick={() => void create().catch(() => undefined)}
            data-testid="quiz-submit"
          >
            创建小测
          </Button>
        </Form>
      </Card>
    </PageFrame>
  );
}
