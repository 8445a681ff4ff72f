import { Col, Progress, Row, Statistic } from 'antd';
import { eta, percent, speed } from './format';

export interface ProgressFiguresData {
  done: number;
  total: number;
  share: number | null;
  recentPerHour: number | null;
  overallPerHour: number | null;
  estimatedFinish: string | null;
}

/**
 * The four progress figures of an exam or a subject: papers with a final score / papers to mark summed over its
 * blocks (the one progress of a block), speed of marks now and overall, estimated finish.
 */
export function ProgressFigures({ m }: { m: ProgressFiguresData }) {
  return (
    <Row gutter={24}>
      <Col span={6}>
        <Statistic title="已出分 / 试卷（各题块合计）" value={m.done} suffix={`/ ${m.total}`} />
        <Progress percent={percent(m.share)} size="small" />
      </Col>
      <Col span={6}>
        <Statistic title="近10分钟速度" value={speed(m.recentPerHour)} />
      </Col>
      <Col span={6}>
        <Statistic title="平均速度" value={speed(m.overallPerHour)} />
      </Col>
      <Col span={6}>
        <Statistic title="预计完成" value={eta(m.estimatedFinish, m.done, m.total)} />
      </Col>
    </Row>
  );
}
