import bwipjs from 'bwip-js/browser';
import { Card, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { BASE_PATH } from '../../api/constants';

/** The capture page's address on this server (the phone opens it signed in as the same teacher). */
export const phoneCaptureUrl = (examId: number) =>
  `${window.location.origin}${BASE_PATH.replace(/\/$/, '')}/phone/quiz/${examId}`;

/**
 * 手机扫描: a QR code the teacher scans with their phone to open the quiz's capture page (bwip-js, already
 * used to print the cards' QR codes).
 */
export function PhoneScanPanel({ examId }: { examId: number }) {
  const url = phoneCaptureUrl(examId);
  const svg = useMemo(
    () => bwipjs.toSVG({ bcid: 'qrcode', text: url, scale: 3, paddingwidth: 4, paddingheight: 4 }),
    [url],
  );
  return (
    <Card title="手机扫描" data-testid="quiz-phone-scan">
      <Space align="start" size="large" wrap>
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt="手机扫描二维码"
          width={160}
          height={160}
          data-testid="quiz-phone-qr"
        />
        <Space direction="vertical">
          <Typography.Text>
            用手机扫描二维码，登录后逐张拍摄答题卡即可上传识别，不需要扫描仪。
          </Typography.Text>
          <Typography.Text type="secondary">
            照片与扫描的答题卡一样识别，识别不了的照片会列入扫描异常。
          </Typography.Text>
          <Typography.Link href={url} target="_blank" data-testid="quiz-phone-link">
            {url}
          </Typography.Link>
        </Space>
      </Space>
    </Card>
  );
}
