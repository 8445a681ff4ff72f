import { Alert, Descriptions, Modal, Typography } from 'antd';

export interface NewAccount {
  name: string;
  account: string;
  password: string;
}

/** Shows a new account's one-time password: it is never shown again, so the admin copies it now. */
export function InitialPasswordModal({
  account,
  onClose,
}: {
  account: NewAccount | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={account !== null}
      title="账号已创建"
      okText="我已记下"
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={onClose}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      {account && (
        <>
          <Alert
            type="warning"
            showIcon
            title="初始密码只显示这一次，请复制后告知本人。"
            description="对方首次登录时须修改密码。"
            style={{ marginBottom: 16 }}
          />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="姓名">{account.name}</Descriptions.Item>
            <Descriptions.Item label="登录账号">{account.account}</Descriptions.Item>
            <Descriptions.Item label="初始密码">
              <Typography.Text
                code
                copyable={{ text: account.password, tooltips: ['复制', '已复制'] }}
                data-testid="initial-password"
              >
                {account.password}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
