import { ReviewTaskView } from '../../features/marking/ReviewTaskView';

/** /book/review/task */
export function Component() {
  return <ReviewTaskView />;
}
