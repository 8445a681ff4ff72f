import { MultiMarkView } from '../../features/marking/MultiMarkView';

/** The marking screen uses the whole window (Shell): its width, and its height without the site header. */
export const handle = { wide: true, bare: true };

/** /book/multi?blockId=&v= */
export function Component() {
  return <MultiMarkView />;
}
