import type { ReactNode } from 'react';
import { useOneAtATime } from '../../../app/useOneAtATime';
import type { OrgNode } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Select } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { nameRules, PHONE_RULES, requiredText } from '../../../components/form-rules';
import { flattenOrgs, LEVEL_LABELS } from '../org-tree';
import { schoolAdminApi, type OrgCreateInput, type SchoolCreateInput } from '../school-admin.api';
import { orgTreeQuery } from '../school-admin.queries';

/** Every bureau for a Select, indented by its depth. */
export function orgOptions(tree: OrgNode[]) {
  // Indented names show the hierarchy inside a flat Select.
  return flattenOrgs(tree).map((o) => ({
    label: `${'\u3000'.repeat(o.depth)}${o.name}`,
    value: o.id,
    title: o.name,
  }));
}

/** The chosen bureau shown by its name alone: the indent belongs to the list, not to the box (give Select's labelRender). */
export const orgChosenLabel = ({ label }: { label?: ReactNode }) =>
  typeof label === 'string' ? label.trimStart() : label;

interface ModalProps {
  tree: OrgNode[];
  open: boolean;
  onClose: () => void;
}

/** 新建教育局 (system administrators). */
export function CreateOrgModal({ tree, open, onClose }: ModalProps) {
  const [form] = Form.useForm<OrgCreateInput>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const save = useOneAtATime({
    mutationFn: (v: OrgCreateInput) =>
      schoolAdminApi.createOrg({ ...v, name: v.name.trim(), parentId: v.parentId ?? null, countyId: null }),
    onSuccess: (_r, v) => {
      void message.success(`已创建 ${v.name.trim()}`);
      void qc.invalidateQueries({ queryKey: orgTreeQuery.queryKey });
      onClose();
    },
  });
  return (
    <FormModal<OrgCreateInput>
      open={open}
      title="新建教育局"
      okText="创建"
      save={save}
      form={form}
      onCancel={onClose}
      initialValues={{ level: 3, parentId: null }}
    >
      <Form.Item
        name="name"
        label="名称"
        rules={[
          { required: true, whitespace: true, message: '请输入教育局名称' },
          { min: 2, message: '名称至少 2 个字' },
          { max: 60, message: '不能超过 60 个字' },
        ]}
      >
        <Input placeholder="例如 阳光区教育局" maxLength={60} />
      </Form.Item>
      <Form.Item name="level" label="级别" rules={[{ required: true, message: '请选择级别' }]}>
        <Select options={Object.entries(LEVEL_LABELS).map(([v, label]) => ({ label, value: Number(v) }))} />
      </Form.Item>
      <Form.Item name="parentId" label="上级教育局" extra="不选则作为最上级">
        <Select allowClear placeholder="无" options={orgOptions(tree)} labelRender={orgChosenLabel} />
      </Form.Item>
    </FormModal>
  );
}

/** 新建学校 with its first administrator (system administrators). */
export function CreateSchoolModal({
  tree,
  open,
  onClose,
  onCreated,
}: ModalProps & {
  onCreated: (v: SchoolCreateInput, r: { id: number; initialPassword: string | null }) => void;
}) {
  const [form] = Form.useForm<SchoolCreateInput>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const save = useOneAtATime({
    mutationFn: (v: SchoolCreateInput) =>
      schoolAdminApi.createSchool({
        ...v,
        name: v.name.trim(),
        code: v.code?.trim() || undefined,
        adminPhone: v.adminPhone.trim(),
        adminName: v.adminName.trim(),
        isTertiary: Boolean(v.isTertiary),
      }),
    onSuccess: (r, v) => {
      void message.success(`已创建学校 ${v.name.trim()}`);
      void qc.invalidateQueries({ queryKey: orgTreeQuery.queryKey });
      onCreated(v, r);
      onClose();
    },
  });
  return (
    <FormModal<SchoolCreateInput>
      open={open}
      title="新建学校"
      okText="创建"
      save={save}
      form={form}
      onCancel={onClose}
      initialValues={{ isTertiary: false }}
    >
      <Form.Item name="name" label="学校名称" rules={nameRules('学校名称')}>
        <Input placeholder="学校全称" maxLength={60} />
      </Form.Item>
      <Form.Item name="orgId" label="所属教育局" rules={[{ required: true, message: '请选择所属教育局' }]}>
        <Select
          placeholder={tree.length ? '请选择' : '请先新建教育局'}
          options={orgOptions(tree)}
          labelRender={orgChosenLabel}
        />
      </Form.Item>
      <Form.Item name="code" label="学校代码" rules={[{ max: 20, message: '不能超过 20 位' }]}>
        <Input placeholder="选填" maxLength={20} />
      </Form.Item>
      <Form.Item name="isTertiary" valuePropName="checked">
        <Checkbox>高等院校</Checkbox>
      </Form.Item>
      <Form.Item
        name="adminName"
        label="学校管理员姓名"
        rules={requiredText('请输入管理员姓名', 30, '不能超过 30 个字')}
      >
        <Input placeholder="首位学校管理员" maxLength={30} />
      </Form.Item>
      <Form.Item
        name="adminPhone"
        label="学校管理员手机号"
        extra="作为管理员的登录账号；尚未注册时会生成初始密码"
        rules={PHONE_RULES}
      >
        <Input placeholder="11 位手机号" maxLength={11} inputMode="numeric" />
      </Form.Item>
    </FormModal>
  );
}
