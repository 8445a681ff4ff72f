import { describe, expect, it } from 'vitest';
import type { BubbleMeasure } from './bubbles';
import type { Field } from './fields';
import { printedLift, withoutPrint } from './printed';

// Hand-made pages: 20 questions A–D (bubbles 34×20), fills chosen per label and per marked bubble.

function page(fill: (q: number, label: string) => number) {
  const fields: Field[] = [];
  const measures = new Map<Field, BubbleMeasure[]>();
  for (let q = 0; q < 20; q++) {
    const f: Field = {
      name: String(q + 1),
      bubbles: ['A', 'B', 'C', 'D'].map((label, i) => ({
        label,
        rect: { x: i * 50, y: q * 30, w: 34, h: 20 },
      })),
    };
    fields.push(f);
    measures.set(
      f,
      f.bubbles.map((b) => ({ fill: fill(q, b.label), core: 0.3, seen: 1, outline: null })),
    );
  }
  return { fields, measures };
}

const LETTER = { A: 0.3, B: 0.36, C: 0.33, D: 0.27 } as Record<string, number>;
const answer = (q: number) => 'ABCD'[(q * 7) % 4]!;

describe('letters printed inside bubbles', () => {
  it('finds each letter’s own level and reads a light mark as pencil over it', () => {
    const { fields, measures } = page((q, l) => (l === answer(q) ? 0.46 : LETTER[l]! + (q % 3) * 0.005));
    const p = printedLift(fields, measures)!;
    expect(p).not.toBeNull();
    const lifts = p.lift.get(fields[0]!)!;
    // Lifts follow the letters: B darkest, D lightest.
    expect(lifts[1]!).toBeGreaterThan(lifts[0]!);
    expect(lifts[3]!).toBeLessThan(lifts[0]!);
    for (const f of fields) {
      const fills = measures.get(f)!.map((m, i) => withoutPrint(m.fill, p.lift.get(f)![i]!, p.base));
      const marked = f.bubbles.findIndex((b) => b.label === answer(Number(f.name) - 1));
      const empties = fills.filter((_, i) => i !== marked);
      // Empties come back to the plain level; the light mark stands clear of them.
      expect(Math.max(...empties)).toBeLessThan(p.base + 0.02);
      expect(fills[marked]! - Math.max(...empties)).toBeGreaterThan(0.1);
    }
  });

  it('corrects nothing on plain bubbles', () => {
    const { fields, measures } = page((q, l) => (l === answer(q) ? 0.6 : 0.12 + (q % 4) * 0.01));
    expect(printedLift(fields, measures)).toBeNull();
  });

  it('does not take a letter marked lightly on every question for a printed one', () => {
    const { fields, measures } = page((_, l) => (l === 'A' ? 0.45 : 0.12));
    expect(printedLift(fields, measures)).toBeNull();
  });
});
