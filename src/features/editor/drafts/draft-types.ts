import type { AlignmentItem } from '../../../contract';
import type { DraftChanges } from '../store/types';

/** Which alignment on which service and account a draft belongs to. */
export interface DraftScope {
  readonly serviceUrl: string;
  readonly accountId: string;
  readonly projectId: string;
  readonly alignmentId: string;
}

export interface DraftKey extends DraftScope {
  /** The server revision the draft's edits are based on. */
  readonly baseRevision: string;
}

export interface DraftSummary {
  readonly key: DraftKey;
  readonly baseSelectionRevision: string;
  /** ISO time of the last write. */
  readonly savedAt: string;
  readonly editCount: number;
}

export interface Draft extends DraftSummary {
  /** The alignment the edits apply to (needed to merge when the server moved on). */
  readonly baseItems: readonly AlignmentItem[];
  readonly changes: DraftChanges;
}

/** Header record: points at complete generations of parts, so a crash mid-write loses nothing. */
export interface DraftHeader {
  readonly id: string;
  readonly scope: string;
  readonly key: DraftKey;
  readonly baseSelectionRevision: string;
  readonly savedAt: string;
  readonly editCount: number;
  readonly baseGen: string;
  readonly baseParts: number;
  readonly diffGen: string;
  readonly diffParts: number;
  readonly estimated: readonly string[];
}

export interface DraftPart {
  readonly id: string;
  readonly draftId: string;
  readonly items: readonly AlignmentItem[];
  readonly removedKeys: readonly string[];
}
