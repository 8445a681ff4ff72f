import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, List } from 'antd';
import { useNavigate } from 'react-router';
import { usePortalWho } from '../../features/portal/portal-child';
import { portalApi } from '../../features/portal/portal.api';
import { portalMeQuery } from '../../features/portal/portal.queries';

/** /portal/children (家长): the children bound, 解绑, and 绑定 with name + 学号 + the sheet's 绑定码. */
export function ChildrenPage() {
  const { me } = usePortalWho();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ name: string; xuehao: string; bindingCode: string }>();
  const update = (next: typeof me) => qc.setQueryData(portalMeQuery.queryKey, next);
  const bind = useMutation({
    mutationFn: portalApi.bind,
    onSuccess: (next) => {
      update(next);
      form.resetFields();
      const added = next.children.at(-1);
      if (added) void navigate(`/portal?c=${added.studentId}`);
    },
  });
  const unbind = useMutation({ mutationFn: portalApi.unbind, onSuccess: update });
  return (
    <div style={{ display: 'grid', gap: 10 }}>
      {me.children.length > 0 && (
        <Card size="small" title="已绑定的孩子">
          <List
            dataSource={me.children}
            renderItem={(c) => (
              <List.Item
                actions={[
                  <Button
                    key="unbind"
                    size="small"
                    danger
                    onClick={() =>
                      modal.confirm({
                        title: `解绑 ${c.name}？`,
                        content: '解绑后将不能再查看该孩子的成绩，可凭绑定码重新绑定。',
                        okText: '解绑',
                        cancelText: '取消',
                        onOk: () => unbind.mutateAsync(c.studentId).catch(() => undefined),
                      })
                    }
                  >
                    解绑
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={c.name}
                  description={`${c.schoolName} · ${c.className} · 学号 ${c.xuehao}`}
                />
              </List.Item>
            )}
          />
        </Card>
      )}
      <Card size="small" title="绑定孩子">
        <div style={{ color: '#86909c', fontSize: 13, marginBottom: 12 }}>
          请按学校发放的账号单填写孩子的姓名、学号和家长绑定码（不是孩子的密码）。每个孩子最多绑定两位家长。
        </div>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => bind.mutate(v)}>
          <Form.Item
            name="name"
            label="孩子姓名"
            rules={[{ required: true, whitespace: true, message: '请输入孩子姓名' }]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="xuehao"
            label="学号"
            rules={[{ required: true, whitespace: true, message: '请输入学号' }]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="bindingCode"
            label="绑定码"
            rules={[{ required: true, whitespace: true, message: '请输入绑定码' }]}
          >
            <Input maxLength={16} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={bind.isPending}>
            绑定
          </Button>
        </Form>
      </Card>
    </div>
  );
}
