import { MultiMarkView } from '../../features/marking/MultiMarkView';

/** The marking screen uses the whole width of the window (Shell). */
export const handle = { wide: true };

/** /book/multi?blockId=&v= */
export function Component() {
  return <MultiMarkView />;
}
