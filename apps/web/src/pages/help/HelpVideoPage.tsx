import { Card, Result, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { HelpVideoScreen } from './HelpVideoPlayer';
import { HELP_VIDEO_TOPICS, helpVideo, isHelpVideoTopic, videoLength } from './help-videos';

/** /book/view/video/:topic (spec's view/video): one help topic's video on a page of its own. */
export function HelpVideoPage() {
  const { topic } = useParams();
  const video = isHelpVideoTopic(topic) ? helpVideo(topic) : undefined;
  if (!isHelpVideoTopic(topic) || !video)
    return (
      <Card>
        <Result status="404" title="没有找到这个操作视频" extra={<Link to="/book/help">返回帮助中心</Link>} />
      </Card>
    );
  return (
    <Card
      title={`操作视频：${HELP_VIDEO_TOPICS[topic]}`}
      extra={<Link to="/book/help">返回帮助中心</Link>}
      styles={{ body: { maxWidth: 1100, margin: '0 auto' } }}
    >
      <HelpVideoScreen topic={topic} video={video} />
      <Space style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">
          时长 {videoLength(video.seconds)}，录制于 {video.recordedAt}，实际界面可能略有不同。
        </Typography.Text>
      </Space>
    </Card>
  );
}
