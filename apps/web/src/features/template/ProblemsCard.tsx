import { Alert, Card, List, Typography } from 'antd';

/** What still stops the template from being used: live from the draft, and the server's check after saving. */
export function ProblemsCard({
  live,
  saved,
  structureLoaded,
}: {
  live: string[];
  saved: string[] | null;
  structureLoaded: boolean;
}) {
  return (
    <Card size="small" title="模板检查" data-testid="template-problems">
      {saved && (
        <Alert
          style={{ marginBottom: 8 }}
          type={saved.length ? 'warning' : 'success'}
          showIcon
          title={saved.length ? `已保存，服务器检查发现 ${saved.length} 个问题` : '已保存，模板可以使用'}
        />
      )}
      {!structureLoaded && (
        <Typography.Paragraph type="secondary">题目结构未加载，暂不能与题号核对。</Typography.Paragraph>
      )}
      {(saved ?? live).length === 0 ? (
        <Typography.Text type="success">与题目结构核对无误</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={saved ?? live}
          renderItem={(p) => (
            <List.Item>
              <Typography.Text type="warning">{p}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
