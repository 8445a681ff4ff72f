import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { emptyBoard, pressKey, setAll, setValue, type BoardState } from './score-keys';
import type { ScoreField } from './score-fields';

/** Keys typed in a text box belong to it, not to the 给分板 (the board is off while a dialog is open). */
function typingElsewhere(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  if (!t) return false;
  // radios of the tool switch hold the focus after a click; only text boxes take typed keys
  if (t instanceof HTMLInputElement) return !['radio', 'checkbox', 'button'].includes(t.type);
  return t instanceof HTMLTextAreaElement || t.isContentEditable;
}

/**
 * The 给分板 of the papers on screen with its keyboard: `key` names what is on screen (the task ids) and
 * a new key starts an empty board. `onSubmit` gets the values when Enter passes the last box.
 */
export function useMarkBoard(opts: {
  key: string;
  fields: readonly ScoreField[];
  paperSize: number;
  quick: boolean;
  enabled: boolean;
  onSubmit: (values: number[]) => void;
  onHelp: () => void;
  /** the values a new board starts from (回评: the stored scores) */
  initial?: readonly (number | null)[];
}) {
  const { key, fields, paperSize, quick, enabled, initial } = opts;
  const fresh = () => emptyBoard(fields.length, initial ? [...initial] : undefined);
  const [state, setState] = useState<{ key: string; board: BoardState }>(() => ({ key, board: fresh() }));
  const board = state.key === key ? state.board : fresh();
  const ref = useRef({ board, opts });
  // before the next key event is handled, so fast typing reads the board it just changed
  useLayoutEffect(() => {
    ref.current = { board, opts };
  });

  const apply = (r: { state: BoardState; effect: 'submit' | 'help' | null }) => {
    ref.current = { ...ref.current, board: r.state };
    setState({ key: ref.current.opts.key, board: r.state });
    if (r.effect === 'submit') ref.current.opts.onSubmit(r.state.values.map((v) => v ?? 0));
    if (r.effect === 'help') ref.current.opts.onHelp();
  };

  useEffect(() => {
    if (!enabled) return;
    const down = (e: KeyboardEvent) => {
      if (typingElsewhere(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      const { board: b, opts: o } = ref.current;
      const r = pressKey(b, e.key, { fields: o.fields, quick: o.quick });
      if (r.state === b && !r.effect) return;
      // Tab, Backspace and digits must not move the focus or scroll while scoring
      e.preventDefault();
      apply(r);
    };
    window.addEventListener('keydown', down);
    return () => window.removeEventListener('keydown', down);
  }, [enabled]);

  return {
    board,
    pick: (index: number, value: number) => apply(setValue(ref.current.board, index, value)),
    all: (paper: number, full: boolean) =>
      setState({
        key,
        board: setAll({ ...board, cursor: paper * paperSize }, fields, paperSize, full),
      }),
    focus: (index: number) => setState({ key, board: { ...board, cursor: index, buffer: '', error: null } }),
    quickOn: quick,
  };
}
