import { useState } from 'react';

/** How a picture is zoomed: fitted to its box until a person zooms in or out. */
export interface FitZoom {
  /** the zoom shown: the chosen one, else the one that fits the width */
  shown: number;
  /** zooms by a factor from what is shown */
  by: (factor: number) => void;
  /** back to fitting the width (also after a new picture or page) */
  fit: () => void;
}

/**
 * A zoom between 0.1 and `max` that fits `contentWidth` into `boxWidth` until changed; the fit follows the
 * box as it resizes. No content width (no picture yet): 1.
 */
export function useFitZoom(boxWidth: number, contentWidth: number | undefined, max: number): FitZoom {
  const [zoom, setZoom] = useState<number | null>(null);
  const clamp = (z: number) => Math.min(max, Math.max(0.1, Math.round(z * 100) / 100));
  const fitted = contentWidth ? clamp((boxWidth - 4) / contentWidth) : 1;
  return {
    shown: zoom ?? fitted,
    by: (factor) => setZoom((z) => clamp((z ?? fitted) * factor)),
    fit: () => setZoom(null),
  };
}
