import { BureauAdminsView } from '../../features/bureau/BureauAdminsView';

/** /book/bureau/admins */
export function Component() {
  return <BureauAdminsView />;
}
