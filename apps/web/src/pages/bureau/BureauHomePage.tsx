import { BureauHomeView } from '../../features/bureau/BureauHomeView';

/** /book/bureau */
export function Component() {
  return <BureauHomeView />;
}
