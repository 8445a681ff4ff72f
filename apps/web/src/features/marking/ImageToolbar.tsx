import { Button, Flex, Segmented, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { TOOL_LABELS, type AnnotTool } from './annotations';
import { clampZoom, readPrefs, rotateBy, writePrefs, type ViewPrefs } from './view-prefs';

/** Zoom and turn of a block's cut images, remembered in localStorage for the next sitting. */
export function useViewPrefs(blockId: number) {
  const [prefs, setPrefs] = useState<ViewPrefs>(() => readPrefs(blockId));
  const change = (next: ViewPrefs) => {
    setPrefs(next);
    writePrefs(blockId, next);
  };
  return {
    prefs,
    zoomBy: (f: number) => change({ ...prefs, zoom: clampZoom((prefs.zoom ?? 1) * f) }),
    fit: () => change({ ...prefs, zoom: null }),
    rotate: () => change({ ...prefs, rotation: rotateBy(prefs.rotation) }),
  };
}

const TOOLS: Array<AnnotTool | 'none'> = ['none', 'tick', 'cross', 'circle', 'text'];

/** 缩小 / 放大 / 适应宽度 / 旋转, and the annotation tools when the screen draws. */
export function ImageToolbar(props: {
  view: ReturnType<typeof useViewPrefs>;
  tool?: AnnotTool | null;
  onTool?: (t: AnnotTool | null) => void;
  onUndo?: () => void;
}) {
  const { view, tool, onTool, onUndo } = props;
  return (
    <Flex gap={6} align="center" wrap>
      <Button size="small" aria-label="缩小" onClick={() => view.zoomBy(1 / 1.25)} data-repeat>
        −
      </Button>
      <Typography.Text data-testid="zoom" style={{ minWidth: 44, textAlign: 'center' }}>
        {Math.round((view.prefs.zoom ?? 1) * 100)}%
      </Typography.Text>
      <Button size="small" aria-label="放大" onClick={() => view.zoomBy(1.25)} data-repeat>
        +
      </Button>
      <Button size="small" onClick={view.fit}>
        适应宽度
      </Button>
      <Button size="small" onClick={view.rotate} data-repeat>
        旋转 90°
      </Button>
      {onTool && (
        <>
          <Tooltip title="选中后点击图像画批注，右键点批注可删除">
            <Segmented
              size="small"
              value={tool ?? 'none'}
              onChange={(v) => onTool(v === 'none' ? null : (v as AnnotTool))}
              options={TOOLS.map((t) => ({ value: t, label: t === 'none' ? '不批注' : TOOL_LABELS[t] }))}
            />
          </Tooltip>
          <Button size="small" onClick={onUndo}>
            撤销批注
          </Button>
        </>
      )}
    </Flex>
  );
}
