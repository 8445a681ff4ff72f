import { lazy, Suspense } from 'react';

const MathText = lazy(() => import('./MathText').then((m) => ({ default: m.MathText })));

/** MathText for screens that rarely show formulas: KaTeX (~80 kB gzipped) loads only when used. */
export function LazyMathText({ text }: { text: string }) {
  return (
    <Suspense fallback={<span>{text}</span>}>
      <MathText text={text} />
    </Suspense>
  );
}
