import type { AlignmentItem } from '../../../contract';
import type { ReadResult, TimingFormat } from '../../../formats';

export interface WriteMeta {
  title?: string;
  artist?: string;
  language?: string;
}

/** Page -> worker. `id` pairs a reply with its request. */
export type TimingsRequest =
  | { id: number; kind: 'read'; bytes: Uint8Array; fileName?: string; format?: TimingFormat }
  | {
      id: number;
      kind: 'write';
      items: readonly AlignmentItem[];
      format: TimingFormat;
      meta: WriteMeta;
    };

/** A read result as it crosses to the page: the estimated set as a plain index array. */
export type ReadReply = Omit<ReadResult, 'estimated'> & { estimated: readonly number[] };

/**
 * Worker -> page. `unreadable`: the formats module's one sentence for a file with nothing
 * readable (shown as is); `failed`: anything else (a bug), shown as a generic sentence.
 */
export type TimingsReply =
  | { id: number; ok: true; read: ReadReply }
  | { id: number; ok: true; text: string }
  | { id: number; ok: false; unreadable: boolean; message: string };
