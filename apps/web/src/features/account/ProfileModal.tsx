import { useOneAtATime } from '../../app/useOneAtATime';
import { CameraOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, type UserProfile } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Modal, Space, Tag, Typography, Upload } from 'antd';
import { UserAvatar } from '../../components/UserAvatar';
import { authApi } from '../auth/auth.api';
import { currentUserQuery } from '../auth/current-user-query';
import { maskPhone, roleLabels } from './profile-format';

/** Checks before upload, so the user hears about a wrong file at once. Returns the refusal text. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return '请选择图片文件（JPG、PNG 等）';
  if (file.size > AVATAR_MAX_BYTES) return '图片不能超过 2 MB';
  return null;
}

/** 个人中心: who the user is, and the avatar upload. */
export function ProfileModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: UserProfile;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const upload = useOneAtATime({
    mutationFn: authApi.uploadAvatar,
    onSuccess: ({ avatarUrl }) => {
      qc.setQueryData(currentUserQuery.queryKey, (u) => (u ? { ...u, avatarUrl } : u));
      void message.success('头像已更新');
    },
  });

  return (
    <Modal open={open} title="个人中心" footer={null} onCancel={onClose} width={480} destroyOnHidden>
      <Space orientation="vertical" align="center" style={{ width: '100%', margin: '8px 0 20px' }}>
        <UserAvatar user={user} size={80} />
        <Upload
          accept="image/*"
          showUploadList={false}
          beforeUpload={(file) => {
            const problem = avatarProblem(file);
            if (problem) {
              void message.warning(problem);
              return Upload.LIST_IGNORE;
            }
            upload.mutate(file);
            // The mutation does the upload; antd's own request is not used.
            return false;
          }}
        >
          <Button icon={<CameraOutlined />} loading={upload.isPending} size="small">
            更换头像
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          支持 JPG、PNG 格式，大小不超过 2 MB
        </Typography.Text>
      </Space>
      <Descriptions
        column={1}
        size="small"
        bordered
        styles={{ label: { width: 100 } }}
        items={[
          { key: 'name', label: '姓名', children: user.name },
          { key: 'account', label: '账号', children: user.account },
          {
            key: 'phone',
            label: '手机号',
            children: maskPhone(user.phone) ?? <Typography.Text type="secondary">未绑定</Typography.Text>,
          },
          {
            key: 'school',
            label: '所在学校',
            children: user.schoolName ?? <Typography.Text type="secondary">未加入学校</Typography.Text>,
          },
          {
            key: 'roles',
            label: '身份',
            children: roleLabels(user).map((r) => (
              <Tag key={r} color="blue">
                {r}
              </Tag>
            )),
          },
        ]}
      />
    </Modal>
  );
}
