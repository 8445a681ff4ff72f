import { MyHistoryView } from '../../features/marking/MyHistoryView';

/** /book/history */
export function Component() {
  return <MyHistoryView />;
}
