import { Button, Modal, Space, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  HELP_VIDEO_TOPICS,
  helpVideo,
  helpVideoUrl,
  videoLength,
  type HelpVideo,
  type HelpVideoTopic,
} from './help-videos';

/** The recorded screen, 1366 × 768 shown at 16:9 whatever the width. */
export function HelpVideoScreen({ topic, video }: { topic: HelpVideoTopic; video: HelpVideo }) {
  return (
    <video
      data-testid={`help-video-${topic}`}
      src={helpVideoUrl(video.file)}
      poster={helpVideoUrl(video.poster)}
      controls
      autoPlay
      // no sound track: muted lets the browser start it at once
      muted
      preload="metadata"
      style={{
        width: '100%',
        aspectRatio: '16 / 9',
        // on a 1366 × 768 screen the whole picture and its controls stay in view
        maxHeight: 'calc(100vh - 200px)',
        background: '#000',
        display: 'block',
      }}
    >
      您的浏览器无法播放此视频，请使用新版 Chrome 或 Edge。
    </video>
  );
}

/** 观看视频 beside a help topic, opening its video in a dialog; nothing when the topic has no video. */
export function WatchVideo({ topic }: { topic: HelpVideoTopic }) {
  const [open, setOpen] = useState(false);
  const video = helpVideo(topic);
  if (!video) return null;
  const title = HELP_VIDEO_TOPICS[topic];
  return (
    <>
      <Button
        size="small"
        icon={<PlayCircleOutlined />}
        onClick={() => setOpen(true)}
        data-testid={`watch-video-${topic}`}
      >
        观看视频（{videoLength(video.seconds)}）
      </Button>
      <Modal
        open={open}
        title={`操作视频：${title}`}
        width={1000}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <HelpVideoScreen topic={topic} video={video} />
        <Space style={{ marginTop: 12, justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text type="secondary">
            录制于 {video.recordedAt}，实际界面可能略有不同。
          </Typography.Text>
          <Link to={`/book/view/video/${topic}`}>全屏页面观看</Link>
        </Space>
      </Modal>
    </>
  );
}
