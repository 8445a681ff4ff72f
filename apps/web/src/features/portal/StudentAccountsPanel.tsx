import {
  PORTAL_ACCOUNT_STATE_LABELS,
  PORTAL_SHEET_PATH,
  type PortalAccountRow,
  type PortalAccountState,
} from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { downloadFile } from '../school-admin/download';
import { portalApi } from './portal.api';
import { studentAccountsQuery } from './portal.queries';

const STATE_COLORS: Record<PortalAccountState, string> = {
  none: 'default',
  initial: 'orange',
  active: 'green',
  disabled: 'red',
};

/**
 * 学生账号 of a school (学生端, issue 32): 批量开通 with generated initial passwords, the handout sheet per class
 * (name, 学号, initial password, 家长绑定码), 重置密码; a student who left keeps a disabled account.
 */
export function StudentAccountsPanel({ schoolId }: { schoolId: number }) {
  const [classId, setClassId] = useState<number | undefined>();
  const q = useQuery(studentAccountsQuery(schoolId, classId));
  const qc = useQueryClient();
  const { modal, message } = App.useApp();
  const refresh = () => qc.invalidateQueries({ queryKey: ['portal-accounts', schoolId] });
  const create = useOneAtATime({
    mutationFn: () => portalApi.createAccounts(schoolId, classId ? [classId] : []),
    onSuccess: async (r) => {
      await refresh();
      void message.success(r.created ? `已开通 ${r.created} 个学生账号` : '所选学生都已开通账号');
    },
  });
  const reset = useOneAtATime({
    mutationFn: (row: PortalAccountRow) => portalApi.resetPassword(schoolId, row.studentId),
    onSuccess: async (r, row) => {
      await refresh();
      modal.success({
        title: `${row.name} 的新初始密码`,
        content: (
          <Typography.Paragraph copyable={{ text: r.password }} data-testid="reset-password">
            {r.password}（学生下次登录须修改；也会印在账号单上）
          </Typography.Paragraph>
        ),
      });
    },
  });
  const [downloading, setDownloading] = useState(false);
  const sheet = async () => {
    setDownloading(true);
    const path = PORTAL_SHEET_PATH.replace(':schoolId', String(schoolId));
    await downloadFile(classId ? `${path}?classId=${classId}` : path, '学生账号.xlsx');
    setDownloading(false);
  };
  const items = q.data?.items ?? [];
  const missing = items.filter((x) => x.state === 'none').length;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="student-accounts">
      <Alert
        type="info"
        showIcon
        title="学生凭学校、学号和初始密码登录学生端查看已发布的成绩，首次登录须修改密码；家长凭账号单上的绑定码绑定孩子。"
      />
      <Space wrap>
        <Select
          allowClear
          placeholder="全部班级"
          style={{ width: 200 }}
          value={classId}
          onChange={setClassId}
          options={(q.data?.classes ?? []).map((c) => ({ value: c.id, label: `${c.gradeName}${c.name}` }))}
        />
        <Button
          type="primary"
          loading={create.isPending}
          onClick={() => create.mutate()}
          data-testid="create-accounts"
        >
          批量开通{missing ? `（${missing} 人未开通）` : ''}
        </Button>
        <Button loading={downloading} onClick={() => void sheet()} data-testid="download-sheet">
          下载账号单
        </Button>
      </Space>
      <Table
        size="small"
        rowKey="studentId"
        loading={q.isPending}
        dataSource={items}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '学号', dataIndex: 'xuehao' },
          { title: '班级', dataIndex: 'className' },
          {
            title: '账号状态',
            dataIndex: 'state',
            render: (s: PortalAccountState) => (
              <Tag color={STATE_COLORS[s]}>{PORTAL_ACCOUNT_STATE_LABELS[s]}</Tag>
            ),
          },
          { title: '已绑定家长', dataIndex: 'parents' },
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, row: PortalAccountRow) =>
              row.state === 'none' ? null : (
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    modal.confirm({
                      title: `重置 ${row.name} 的密码？`,
                      content: '将生成新的初始密码，学生当前的登录会退出。',
                      okText: '重置',
                      cancelText: '取消',
                      onOk: () => reset.mutateAsync(row).catch(() => undefined),
                    })
                  }
                >
                  重置密码
                </Button>
              ),
          },
        ]}
      />
    </Space>
  );
}
