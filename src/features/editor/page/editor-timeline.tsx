import { useCallback, useId, useMemo, useSyncExternalStore } from 'react';
import type { Project } from '../../../contract';
import { Waveform, type OnsetBox, type StemPlayer } from '../audio';
import { timingFileDrop } from '../import-export';
import { useEditor, type EditorStore } from '../store';
import { TimelineCanvas } from '../timeline';
import { alignmentLabel, GhostLane, SpectrogramView, type EditingTools } from '../tools';
import { CommandNotice, type NoticeBox } from './command-notice';
import { TimelineBar } from './timeline-bar';
import { TimelineWordLabel } from './timeline-word-label';
import type { TimelineWiring } from './use-timeline-wiring';

/** The page's audio as the timeline uses it. */
export interface TimelineAudio {
  player: StemPlayer;
  onsets: OnsetBox;
  /** The stem the waveform, spectrogram and onsets come from. */
  waveStem: Project['stems'][number] | undefined;
  duration: number;
}

interface Props {
  store: EditorStore;
  audio: TimelineAudio;
  timeline: TimelineWiring;
  tools: EditingTools;
  notice: NoticeBox;
}

/** The timeline section: its bar, the waveform, the spectrogram, the canvas and the ghost lane. */
export function EditorTimeline(props: Props) {
  const { store, timeline, tools } = props;
  const { player, onsets, waveStem, duration } = props.audio;
  const { view, extras, limits, getScene, subscribe } = timeline;
  const snapping = useEditor((s) => s.settings.snapping);
  const snapThresholdPx = useEditor((s) => s.settings.snapThresholdPx);
  const statusId = useId();
  const getUncertain = useCallback(() => extras.get().uncertain, [extras]);
  return (
    <section
      className="editor-timeline"
      style={{ cursor: timeline.cursor }}
      aria-label="Timeline"
      {...timingFileDrop(store)}
    >
      <TimelineBar
        store={store}
        view={view}
        zoomLimits={limits()}
        getPlayheadTime={() => player.getTime()}
        laneMode={timeline.laneMode}
        getUncertain={getUncertain}
        onLaneModeChange={timeline.setLaneMode}
      />
      <CommandNotice box={props.notice} />
      {waveStem && (
        <StemWaveform onsets={onsets} stem={waveStem} timeline={timeline} duration={duration} />
      )}
      {waveStem && tools.spectrogram && (
        <SpectrogramView
          analysis={onsets}
          getView={view.get}
          subscribeView={view.subscribe}
          stemLabel={waveStem.type}
        />
      )}
      <TimelineCanvas
        getScene={getScene}
        subscribe={subscribe}
        getPlayheadTime={() => player.getTime()}
        getOnsets={onsets.get}
        getOnsetStrengths={onsets.strengths}
        onIntent={timeline.onIntent}
        onResize={timeline.onResize}
        zoomLimits={limits()}
        toolOptions={{ snapping, snapThresholdPx }}
        exposeTestHook
        ariaLabel="Timeline of words: arrow keys select the previous or next word, Home and End the first or last; drag to move"
        describedBy={statusId}
        className="timeline-canvas"
      >
        <TimelineWordLabel
          store={store}
          getScene={getScene}
          subscribe={subscribe}
          statusId={statusId}
        />
      </TimelineCanvas>
      {tools.compare && (
        <GhostLane
          items={tools.compare.alignment.items}
          name={alignmentLabel(tools.compare)}
          view={view}
          store={store}
          duration={duration}
        />
      )}
    </section>
  );
}

/**
 * The waveform, drawn from the analysis' decode (one download and decode of the stem, not two);
 * wavesurfer fetches the stem itself only when the analysis failed.
 */
function StemWaveform(props: {
  onsets: OnsetBox;
  stem: Project['stems'][number];
  timeline: TimelineWiring;
  duration: number;
}) {
  const { onsets, stem, timeline, duration } = props;
  const waveform = useSyncExternalStore(onsets.subscribe, onsets.waveform);
  const analysisFailed = useSyncExternalStore(onsets.subscribe, () => onsets.status() === 'failed');
  const peaks = useMemo(() => (waveform ? [waveform.peaks] : undefined), [waveform]);
  return (
    <Waveform
      url={analysisFailed ? stem.url : null}
      peaks={peaks}
      duration={waveform ? waveform.duration : duration || undefined}
      getView={timeline.view.get}
      subscribe={timeline.view.subscribe}
      label={`Waveform of ${stem.type}`}
    />
  );
}
