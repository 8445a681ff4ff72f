import { Col, Row, Tag, Typography } from 'antd';
import type { ScanPageView } from '@yj/contracts';
import { PageImage } from './PageImage';

/**
 * A paper's images side by side, in scan order (页面异常 of two students' pages in one paper): the person sees
 * both fronts of a one-sided scan at once, the one raised marked.
 */
export function PaperPages({ pages, raised }: { pages: ScanPageView[]; raised: number | null }) {
  return (
    <Row gutter={[16, 16]} data-testid="paper-pages">
      {pages.map((p, i) => (
        <Col key={p.id} span={12}>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            第 {i + 1} 张图
            {p.templatePage !== null && `（答题卡第 ${p.templatePage + 1} 页）`}{' '}
            {p.id === raised && <Tag color="error">标出的一页</Tag>}
          </Typography.Paragraph>
          <PageImage pageId={p.id} height={560} />
        </Col>
      ))}
    </Row>
  );
}
