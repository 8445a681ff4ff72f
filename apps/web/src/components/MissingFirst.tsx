import { Button, Card, Empty } from 'antd';
import { Link } from 'react-router';

/** A card saying what has to be set up first, with the button that goes there (题目设置, 模板, 题块设置). */
export function MissingFirst({ what, to, go }: { what: string; to: string; go: string }) {
  return (
    <Card>
      <Empty description={what}>
        <Link to={to}>
          <Button type="primary">{go}</Button>
        </Link>
      </Empty>
    </Card>
  );
}
