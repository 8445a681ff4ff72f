import { Button, Typography } from 'antd';
import type { FitZoom } from './useFitZoom';

/** − 100% + 适应宽度: the zoom of a picture being drawn on (template builder, 题块框选). */
export function ZoomButtons({ zoom }: { zoom: FitZoom }) {
  return (
    <>
      <Button size="small" onClick={() => zoom.by(1 / 1.25)} aria-label="缩小" data-repeat>
        −
      </Button>
      <Typography.Text
        style={{ minWidth: 48, display: 'inline-block', textAlign: 'center' }}
        data-testid="zoom"
      >
        {Math.round(zoom.shown * 100)}%
      </Typography.Text>
      <Button size="small" onClick={() => zoom.by(1.25)} aria-label="放大" data-repeat>
        +
      </Button>
      <Button size="small" onClick={zoom.fit}>
        适应宽度
      </Button>
    </>
  );
}
