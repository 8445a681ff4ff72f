import { useFormDirty } from '../../../app/useDialogGuard';
import { useExclusive } from '../../../app/useExclusive';
import { useUnsavedGuard } from '../../../app/useUnsavedGuard';
import type { UserProfile } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Card, Form, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { handleApiError } from '../../../api/handle-error';
import { DateFields, fmt } from '../DateFields';
import { examAdminApi } from '../exam-admin.api';
import { invalidateExam } from '../exam-admin.queries';
import { homeCrumbs, PageFrame } from '../PageFrame';
import { SubjectsField, toSubjectInputs, type SubjectRow } from '../SubjectsField';
import { SchoolTreePicker } from './SchoolTreePicker';
import { UnionManagerSelect } from './UnionManagerSelect';
import { SchoolManagerSelect } from './SchoolManagerSelect';
import { nameRules } from '../../../components/form-rules';

interface Values {
  name: string;
  gradeName: string;
  startDate: Dayjs;
  endDate?: Dayjs | null;
  schoolIds: number[];
  subjects: SubjectRow[];
  unionManagerIds?: number[];
}

const GRADE_NAMES = ['七年级', '八年级', '九年级', '高一', '高二', '高三'].map((value) => ({ value }));

/** create/jointExam: one form; the schools come from the organisation tree, each adds its own examinees later. */
export function JointCreateForm({ user }: { user: UserProfile }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { busy: saving, run } = useExclusive();
  // a save leaves for the new exam by itself: only an unsaved edit asks
  useUnsavedGuard(useFormDirty(form, true).dirty && !saving);

  const save = (v: Values) =>
    run(async () => {
      try {
        const endDate = fmt(v.endDate);
        const { id } = await examAdminApi.createJoint({
          name: v.name.trim(),
          gradeName: v.gradeName.trim(),
          startDate: fmt(v.startDate)!,
          ...(endDate ? { endDate } : {}),
          schoolIds: v.schoolIds,
          subjects: toSubjectInputs(v.subjects).map(({ course, fullScore }) => ({ course, fullScore })),
          unionManagerIds: v.unionManagerIds ?? [],
        });
        await invalidateExam(qc);
        message.success('联考已创建');
        void navigate(`/book/exam/${id}`);
      } catch (e) {
        handleApiError(e);
      }
    });

  return (
    <PageFrame
      crumbs={homeCrumbs({ title: '联考', to: '/book/jointExam/home' }, { title: '创建联考' })}
      title="创建联考"
      testId="joint-create"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ subjects: [{}], schoolIds: [] }}
        onFinish={(v) => void save(v)}
      >
        <Card title="基本信息" style={{ marginBottom: 16 }}>
          <div style={{ maxWidth: 560 }}>
            <Form.Item label="联考名称" name="name" rules={nameRules('联考名称')}>
              <Input placeholder="例如：2026学年第一学期高一期末联考" maxLength={60} showCount />
            </Form.Item>
            <Form.Item
              label="年级"
              name="gradeName"
              rules={[{ required: true, whitespace: true, message: '请填写年级' }]}
              extra="各校年级名称可能不同，这里填写联考统一使用的名称。"
            >
              <AutoComplete options={GRADE_NAMES} placeholder="例如：高一" maxLength={20} />
            </Form.Item>
            <DateFields />
          </div>
        </Card>
        <Card title="参加学校" style={{ marginBottom: 16 }}>
          <Form.Item
            name="schoolIds"
            rules={[
              {
                validator: async (_, ids: number[] | undefined) => {
                  if ((ids?.length ?? 0) < 2) throw new Error('联考至少选择两所学校');
                },
              },
            ]}
            style={{ marginBottom: 0 }}
          >
            <SchoolTreePicker />
          </Form.Item>
        </Card>
        <Card title="科目与满分" style={{ marginBottom: 16 }}>
          <SubjectsField />
        </Card>
        <Card title="联考管理员" style={{ marginBottom: 16 }}>
          <div style={{ maxWidth: 560 }}>
            <Form.Item
              name="unionManagerIds"
              extra="联考管理员可以管理整场联考（修改考试、人员分工），考生和老师只能添加其任职学校的。创建后也可以在人员分工中添加。"
              style={{ marginBottom: 0 }}
            >
              {user.schoolId !== null ? (
                <UnionManagerSelect schoolId={user.schoolId} />
              ) : user.roles.includes('bureauAdmin') ? (
                <SchoolManagerSelect />
              ) : (
                <Input disabled placeholder="系统管理员账号请在创建后于人员分工中添加" />
              )}
            </Form.Item>
          </div>
        </Card>
        <Card size="small">
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={() => void navigate('/book/jointExam/home')}>取消</Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              创建联考
            </Button>
          </Space>
        </Card>
      </Form>
    </PageFrame>
  );
}
