import type { ScanUploadResult } from '@yj/contracts';
import { NETWORK_ERROR_CODE } from '../../api/constants';
import { uploadForm, type ImportAnswer } from '../../api/upload';
import { chunkPercent, sumResults } from './chunks';

/** Where the files go: scanned answer cards, or original images of selected students (spec §5). */
export type UploadTarget = 'answerCard' | 'uploadorigin';

/**
 * Sends the files of one request in the given order (the server groups consecutive pages into papers),
 * with the form fields (school, batch to continue, selected students), reporting upload progress.
 */
export function uploadScans(
  subjectId: number,
  files: File[],
  onProgress: (percent: number) => void,
  opts: { target?: UploadTarget; fields?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ImportAnswer<ScanUploadResult>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  for (const f of files) form.append('files', f, f.name);
  return uploadForm<ScanUploadResult>(
    `/api/subject/${subjectId}/${opts.target ?? 'answerCard'}`,
    form,
    onProgress,
    opts.signal,
  );
}

/** Where a chunked upload stands: how far it got, and the batch the next chunk continues. */
export interface ChunkState {
  batchId?: number;
  /** the next chunk to send */
  next: number;
  results: ScanUploadResult[];
}

export type ChunkedAnswer =
  { kind: 'ok'; result: ScanUploadResult } | { kind: 'failed'; message: string; state: ChunkState };

/**
 * Sends a large selection chunk by chunk into one batch: each chunk is stored on the server before it
 * is acknowledged, the next continues the batch. A chunk lost on the network is sent once more at once
 * (a chunk the server had already stored comes back as duplicates, never as second pages); a refusal
 * stops, and `state` lets the person continue from that chunk.
 */
export async function uploadChunked(
  subjectId: number,
  chunks: File[][],
  onProgress: (p: { chunk: number; chunks: number; percent: number }) => void,
  opts: {
    target?: UploadTarget;
    fields?: (chunk: File[]) => Record<string, string>;
    from?: ChunkState;
  } = {},
): Promise<ChunkedAnswer> {
  const state: ChunkState = opts.from
    ? { ...opts.from, results: [...opts.from.results] }
    : { next: 0, results: [] };
  const sizes = chunks.map((c) => c.reduce((s, f) => s + f.size, 0));
  for (let i = state.next; i < chunks.length; i++) {
    const send = () =>
      uploadScans(
        subjectId,
        chunks[i]!,
        (percent) =>
          onProgress({ chunk: i, chunks: chunks.length, percent: chunkPercent(sizes, i, percent) }),
        {
          target: opts.target,
          fields: {
            ...(opts.fields?.(chunks[i]!) ?? {}),
            ...(state.batchId ? { batchId: String(state.batchId) } : {}),
          },
        },
      );
    let answer = await send();
    if (answer.kind === 'failed' && isNetwork(answer.raw)) answer = await send();
    if (answer.kind !== 'ok') return { kind: 'failed', message: answer.message, state };
    state.batchId = answer.data.batchId;
    state.results.push(answer.data);
    state.next = i + 1;
  }
  return { kind: 'ok', result: sumResults(state.results)! };
}

const isNetwork = (raw: unknown): boolean =>
  typeof raw === 'object' && raw !== null && (raw as { code?: unknown }).code === NETWORK_ERROR_CODE;
