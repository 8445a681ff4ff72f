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

/** The four progress figures of an exam or a subject: done / total, speed now and overall, estimated finish. */
export function ProgressFigures({ m }: { m: ProgressFiguresData }) {
  return (
    <Row gutter={24}>
      <Col span={6}>
        <Statistic title="已评 / 应评（份次）" value={m.done} suffix={`/ ${m.total}`} />
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
