import { LockOutlined, MobileOutlined, NumberOutlined } from '@ant-design/icons';
import type { LoginResponse, PortalLoginRequest } from '@yj/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Segmented, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { handleApiError } from '../../api/handle-error';
import { readLoginRefusal } from '../../features/auth/login-outcome';
import { portalApi } from '../../features/portal/portal.api';
import { AuthTitle } from '../login/AuthLayout';
import { ForceChangePassword } from '../login/ForceChangePassword';
import { PortalFrame } from '../../features/portal/PortalFrame';

type Side = '学生' | '家长';

/** Sends the refusal of a sign-in to the screen: forced change, captcha (asked, then sent again), or a message. */
function useRefusal(retry: (answer: { verifyKey: string; captcha: string }) => void) {
  const [error, setError] = useState<string | null>(null);
  const [changeToken, setChangeToken] = useState<string | null>(null);
  const onError = (e: unknown) => {
    const refusal = readLoginRefusal(e);
    if (refusal.kind === 'changePassword') {
      setError(null);
      setChangeToken(refusal.changeToken);
      return;
    }
    setError(refusal.text);
    if (refusal.kind === 'captcha') handleApiError(e, { onCaptcha: retry });
  };
  return { error, setError, changeToken, setChangeToken, onError };
}

/** Why the sign-in was refused, above the form. */
function RefusalAlert({ error }: { error: string | null }) {
  return error ? (
    <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="portal-error" />
  ) : null;
}

const passwordItem = (
  <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
    <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
  </Form.Item>
);

/** The sign-in button with a line of help under it. */
function SubmitRow({ loading, hint }: { loading: boolean; hint: string }) {
  return (
    <>
      <Button type="primary" htmlType="submit" block loading={loading}>
        登录
      </Button>
      <div style={{ color: '#86909c', fontSize: 13, marginTop: 12 }}>{hint}</div>
    </>
  );
}

type By = '学号' | '考号';
interface StudentValues {
  schoolId: number;
  xuehao?: string;
  examId?: number;
  kaohao?: string;
  password: string;
}

type School = { id: number; name: string };

function StudentForm({ onDone, school }: { onDone: (res: LoginResponse) => void; school: School | null }) {
  const [form] = Form.useForm<StudentValues>();
  // a school's printed QR chose the school: it is filled in (and can still be changed)
  useEffect(() => {
    if (school) form.setFieldValue('schoolId', school.id);
  }, [school, form]);
  const [q, setQ] = useState('');
  const [by, setBy] = useState<By>('学号');
  const [sent, setSent] = useState<PortalLoginRequest | null>(null);
  const schoolId = Form.useWatch('schoolId', form);
  const schools = useQuery({
    queryKey: ['portal', 'schools', q],
    queryFn: () => portalApi.schools(q),
    enabled: q.trim().length >= 2,
  });
  const exams = useQuery({
    queryKey: ['portal', 'school-exams', schoolId],
    queryFn: () => portalApi.schoolExams(schoolId!),
    enabled: by === '考号' && !!schoolId,
  });
  const login = useMutation({
    mutationFn: portalApi.login,
    meta: { silent: true },
    onSuccess: onDone,
    onError: (e) => refusal.onError(e),
  });
  const refusal = useRefusal((answer) => sent && login.mutate({ ...sent, ...answer }));
  if (refusal.changeToken)
    return (
      <ForceChangePassword
        changeToken={refusal.changeToken}
        account={sent ? ('xuehao' in sent ? sent.xuehao : sent.kaohao) : ''}
        onBack={() => refusal.setChangeToken(null)}
        onDone={onDone}
      />
    );
  return (
    <Form
      form={form}
      size="large"
      requiredMark={false}
      onFinish={(v: StudentValues) => {
        const body: PortalLoginRequest =
          by === '学号'
            ? { schoolId: v.schoolId, xuehao: (v.xuehao ?? '').trim(), password: v.password }
            : {
                schoolId: v.schoolId,
                examId: v.examId!,
                kaohao: (v.kaohao ?? '').trim(),
                password: v.password,
              };
        setSent(body);
        refusal.setError(null);
        login.mutate(body);
      }}
    >
      <RefusalAlert error={refusal.error} />
      <Form.Item name="schoolId" rules={[{ required: true, message: '请选择学校' }]}>
        <Select
          showSearch={{ filterOption: false, onSearch: setQ }}
          placeholder="输入学校名称查找"
          notFoundContent={q.trim().length >= 2 ? '没有找到学校' : '请至少输入 2 个字'}
          options={[...(school && !q ? [school] : []), ...(schools.data ?? [])].map((s) => ({
            value: s.id,
            label: s.name,
          }))}
          data-testid="portal-school"
        />
      </Form.Item>
      <Segmented
        block
        options={[
          { value: '学号', label: '用学号登录' },
          { value: '考号', label: '用考号登录' },
        ]}
        value={by}
        onChange={(v) => setBy(v as By)}
        style={{ marginBottom: 16 }}
        data-testid="portal-by"
      />
      {by === '学号' ? (
        <Form.Item name="xuehao" rules={[{ required: true, whitespace: true, message: '请输入学号' }]}>
          <Input prefix={<NumberOutlined />} placeholder="学号" autoComplete="username" maxLength={32} />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="examId" rules={[{ required: true, message: '请选择考试' }]}>
            <Select
              placeholder={schoolId ? '选择考试' : '请先选择学校'}
              disabled={!schoolId}
              loading={exams.isFetching}
              notFoundContent="本校暂无已发布成绩的考试"
              options={(exams.data ?? []).map((e) => ({
                value: e.id,
                label: e.date ? `${e.name}（${e.date}）` : e.name,
              }))}
              data-testid="portal-exam"
            />
          </Form.Item>
          <Form.Item name="kaohao" rules={[{ required: true, whitespace: true, message: '请输入考号' }]}>
            <Input prefix={<NumberOutlined />} placeholder="考号" autoComplete="username" maxLength={32} />
          </Form.Item>
        </>
      )}
      {passwordItem}
      <SubmitRow
        loading={login.isPending}
        hint="账号和初始密码见学校发放的账号单（考号见准考证）；忘记密码请联系班主任重置。"
      />
    </Form>
  );
}

function ParentForm({ onDone }: { onDone: (res: LoginResponse) => void }) {
  const [form] = Form.useForm<{ phone: string; code?: string; password?: string }>();
  const [how, setHow] = useState<'验证码' | '密码'>('验证码');
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);
  const sms = useMutation({ mutationFn: portalApi.parentSms, onSuccess: () => setWait(60) });
  const login = useMutation({
    mutationFn: portalApi.parentLogin,
    meta: { silent: true },
    onSuccess: onDone,
    onError: (e) => refusal.onError(e),
  });
  const refusal = useRefusal((answer) => {
    const v = form.getFieldsValue();
    if (v.password) login.mutate({ phone: v.phone, password: v.password, ...answer });
  });
  return (
    <Form
      form={form}
      size="large"
      requiredMark={false}
      onFinish={(v) => {
        refusal.setError(null);
        login.mutate(
          how === '验证码'
            ? { phone: v.phone, code: v.code ?? '' }
            : { phone: v.phone, password: v.password ?? '' },
        );
      }}
    >
      <RefusalAlert error={refusal.error} />
      <Segmented
        block
        options={['验证码', '密码']}
        value={how}
        onChange={(v) => setHow(v as typeof how)}
        style={{ marginBottom: 16 }}
      />
      <Form.Item
        name="phone"
        rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号' }]}
      >
        <Input prefix={<MobileOutlined />} placeholder="手机号" maxLength={11} inputMode="numeric" />
      </Form.Item>
      {how === '验证码' ? (
        <Form.Item name="code" rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位验证码' }]}>
          <Space.Compact style={{ width: '100%' }}>
            <Input placeholder="短信验证码" maxLength={6} inputMode="numeric" />
            <Button
              disabled={wait > 0}
              loading={sms.isPending}
              onClick={() =>
                void form.validateFields(['phone']).then(
                  (v) => sms.mutate(v.phone),
                  () => undefined,
                )
              }
            >
              {wait > 0 ? `${wait} 秒后重发` : '获取验证码'}
            </Button>
          </Space.Compact>
        </Form.Item>
      ) : (
        passwordItem
      )}
      <SubmitRow
        loading={login.isPending}
        hint="首次使用请用验证码登录，登录后凭学校发放的绑定码绑定孩子。"
      />
    </Form>
  );
}

/** /portal/login: students by school + 学号 (or the 考号 of a chosen exam) + password, parents by phone and SMS code or password. */
export function PortalLoginPage() {
  const [side, setSide] = useState<Side>('学生');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const schoolParam = Number(params.get('school'));
  const info = useQuery({
    queryKey: ['portal', 'login-info', schoolParam],
    queryFn: () => portalApi.loginInfo(schoolParam),
    enabled: Number.isInteger(schoolParam) && schoolParam > 0,
  });
  const school = info.data?.school ?? null;
  const qc = useQueryClient();
  const done = () => {
    qc.clear();
    void navigate('/portal', { replace: true });
  };
  return (
    <PortalFrame>
      <div style={{ padding: '32px 20px' }}>
        <AuthTitle
          title="成绩查询"
          subtitle={
            school ? `${school.name} · 学生和家长查看已发布的考试成绩` : '学生和家长查看已发布的考试成绩'
          }
        />
        <Segmented
          block
          size="large"
          options={['学生', '家长']}
          value={side}
          onChange={(v) => setSide(v as Side)}
          style={{ marginBottom: 20 }}
          data-testid="portal-side"
        />
        {side === '学生' ? <StudentForm onDone={done} school={school} /> : <ParentForm onDone={done} />}
      </div>
    </PortalFrame>
  );
}
