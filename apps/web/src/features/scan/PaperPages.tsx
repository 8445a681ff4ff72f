import { Col, Row, Tag, Typography } from 'antd';
import type { ScanPageView, ScanPaperView } from '@yj/contracts';
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

/**
 * One sheet scanned into two papers (页面异常 `again`, same-sheet.ts): the raised page beside the page of the other
 * paper with the same card page, so the person sees the same writing twice and which student's paper it is in.
 */
export function SameSheetPages({
  pages,
  raised,
  other,
}: {
  pages: ScanPageView[];
  raised: number;
  other: ScanPaperView;
}) {
  const at = pages.findIndex((p) => p.id === raised);
  const mine = pages[at];
  const twin = other.pages.findIndex((p) => mine && p.templatePage === mine.templatePage);
  const both = [
    { page: mine, title: `本答卷第 ${at + 1} 张图` },
    {
      page: other.pages[twin],
      title: `考号 ${other.kaohao ?? '未识别'}（${other.name ?? '未匹配'}）的答卷第 ${twin + 1} 张图`,
    },
  ];
  return (
    <Row gutter={[16, 16]} data-testid="same-sheet-pages">
      {both.map(
        (x) =>
          x.page && (
            <Col key={x.page.id} span={12}>
              <Typography.Paragraph style={{ marginBottom: 4 }}>
                {x.title}
                {x.page.templatePage !== null && `（答题卡第 ${x.page.templatePage + 1} 页）`}
              </Typography.Paragraph>
              <PageImage pageId={x.page.id} height={560} />
            </Col>
          ),
      )}
    </Row>
  );
}
