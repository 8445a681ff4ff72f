import { NotificationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { readCookie, writeCookie } from '../../api/cookies';
import { LazyMathText } from '../../components/LazyMathText';
import { NOTICE_COOKIE, noticeCookieDays, noticeFingerprint, shouldShowNotice } from './notice-cookie';
import { sysNoticeQuery } from './useSysNotice';

/** Shows the system notice once per text; the cookie remembers it for maxAge/24 days (spec §4). */
export function SysNoticeGate() {
  const { data: notice } = useQuery(sysNoticeQuery);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!shouldShowNotice(notice, readCookie(NOTICE_COOKIE))) return null;
  const fingerprint = noticeFingerprint(notice.text);
  if (dismissed === fingerprint) return null;

  const acknowledge = (): void => {
    writeCookie(NOTICE_COOKIE, fingerprint, noticeCookieDays(notice.maxAge));
    setDismissed(fingerprint);
  };

  return (
    <Modal
      open
      title={
        <Space>
          <NotificationOutlined style={{ color: '#1f6feb' }} />
          系统公告
        </Space>
      }
      closable={false}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={acknowledge}>
          我知道了
        </Button>
      }
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 15, lineHeight: 1.8 }}>
        <LazyMathText text={notice.text} />
      </Typography.Paragraph>
    </Modal>
  );
}
