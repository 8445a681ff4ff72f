/** The cut image's zoom as a multiple of the fit-width size (null: fit the width) and quarter turns, remembered per block in localStorage. */
export interface ViewPrefs {
  zoom: number | null;
  rotation: 0 | 90 | 180 | 270;
}

const key = (blockId: number) => `mark.view.${blockId}`;
export const DEFAULT_PREFS: ViewPrefs = { zoom: null, rotation: 0 };

export function readPrefs(blockId: number, store: Pick<Storage, 'getItem'> = localStorage): ViewPrefs {
  try {
    const raw = JSON.parse(store.getItem(key(blockId)) ?? 'null') as Partial<ViewPrefs> | null;
    const rotation = [0, 90, 180, 270].includes(Number(raw?.rotation))
      ? (Number(raw?.rotation) as ViewPrefs['rotation'])
      : 0;
    const zoom = typeof raw?.zoom === 'number' && raw.zoom >= 0.1 && raw.zoom <= 5 ? raw.zoom : null;
    return { zoom, rotation };
  } catch {
    return DEFAULT_PREFS;
  }
}

export function writePrefs(
  blockId: number,
  prefs: ViewPrefs,
  store: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    store.setItem(key(blockId), JSON.stringify(prefs));
  } catch {
    // a full or blocked storage only loses the memory of the zoom
  }
}

export const clampZoom = (z: number) => Math.min(5, Math.max(0.1, Math.round(z * 100) / 100));

export function rotateBy(r: ViewPrefs['rotation']): ViewPrefs['rotation'] {
  return ((r + 90) % 360) as ViewPrefs['rotation'];
}

/** The zoom that fits the turned picture's width into the box. */
export function fitZoom(box: number, width: number, height: number, rotation: ViewPrefs['rotation']): number {
  const shown = rotation % 180 ? height : width;
  return shown > 0 ? clampZoom((box - 4) / shown) : 1;
}

/**
 * Where the turned picture sits: the outer box takes the turned size; the picture (drawn at w × h) turns
 * about its top-left corner and is moved back into the box.
 */
export function turnedLayout(w: number, h: number, rotation: ViewPrefs['rotation']) {
  const turns: Record<ViewPrefs['rotation'], string> = {
    0: 'none',
    90: `translate(${h}px, 0) rotate(90deg)`,
    180: `translate(${w}px, ${h}px) rotate(180deg)`,
    270: `translate(0, ${w}px) rotate(270deg)`,
  };
  const side = rotation % 180 !== 0;
  return { boxWidth: side ? h : w, boxHeight: side ? w : h, transform: turns[rotation] };
}
