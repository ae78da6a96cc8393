import { useMemo } from 'react';
import type { TimingDoc } from '../../../timing';
import type { EditorStore } from '../store';
import { TimelineOverview, type LaneMode, type TimelineView, type ZoomLimits } from '../timeline';
import { SnapToggle } from './edit-options';
import { createOverviewSource } from './overview-source';
import type { ViewState } from '../timeline/view-state';

interface Props {
  store: EditorStore;
  view: ViewState;
  zoomLimits: ZoomLimits;
  getPlayheadTime: () => number | null;
  laneMode: LaneMode;
  onLaneModeChange: (mode: LaneMode) => void;
  /** The words the sync is unsure of in a doc, marked on the overview too. */
  getUncertain?: () => ((doc: TimingDoc) => ReadonlySet<string>) | undefined;
}

/** Above the timeline: the whole song's overview, the lane mode and the snapping toggle. */
export function TimelineBar({
  store,
  view,
  zoomLimits,
  getPlayheadTime,
  laneMode,
  onLaneModeChange,
  getUncertain,
}: Props) {
  const getSource = useMemo(() => createOverviewSource(store, getUncertain), [store, getUncertain]);
  return (
    <div className="timeline-bar">
      <TimelineOverview
        getSource={getSource}
        getView={view.get}
        onView={(next: TimelineView) => view.set(next)}
        getPlayheadTime={getPlayheadTime}
        zoomLimits={zoomLimits}
        className="timeline-overview"
      />
      <label className="timeline-lanes">
        Lanes
        <select
          value={laneMode}
          onChange={(e) => onLaneModeChange(e.target.value === 'singer' ? 'singer' : 'line')}
        >
          <option value="line">by line</option>
          <option value="singer">by singer</option>
        </select>
      </label>
      <SnapToggle store={store} />
    </div>
  );
}
