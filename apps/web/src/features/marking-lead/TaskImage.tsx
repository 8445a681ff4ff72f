import { Image, Typography } from 'antd';
import { useState } from 'react';

/** The cut image of a block on one paper (the session cookie goes with the request). */
export function TaskImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Typography.Text type="secondary">图像加载失败，请刷新重试</Typography.Text>;
  return (
    <Image
      src={src}
      alt={alt}
      style={{ maxWidth: '100%', border: '1px solid #f0f0f0' }}
      onError={() => setFailed(true)}
      data-testid="task-image"
    />
  );
}
