import katex from 'katex';
import 'katex/dist/katex.min.css';
import { Fragment, useMemo } from 'react';
import { splitMath } from './math-segments';

/** Renders text with formulas in $$ $ \( \) \[ \] (spec §1). Bad TeX shows in red instead of failing. */
export function MathText({ text, className }: { text: string; className?: string }) {
  const parts = useMemo(
    () =>
      splitMath(text).map((p) =>
        p.kind === 'text'
          ? p
          : {
              ...p,
              html: katex.renderToString(p.value, {
                displayMode: p.display,
                throwOnError: false,
                strict: 'ignore',
                output: 'htmlAndMathml',
              }),
            },
      ),
    [text],
  );
  return (
    <span className={className}>
      {parts.map((p, i) =>
        p.kind === 'text' ? (
          <Fragment key={i}>{p.value}</Fragment>
        ) : (
          // KaTeX output is generated markup from the formula, escaped by KaTeX itself.
          <span
            key={i}
            className={p.display ? 'math-display' : 'math-inline'}
            dangerouslySetInnerHTML={{ __html: p.html }}
          />
        ),
      )}
    </span>
  );
}
