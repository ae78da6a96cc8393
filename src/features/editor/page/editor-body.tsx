import { TranslationsBar, useTranslationView } from '../translations';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { Project } from '../../../contract';
import { Mixer, Transport, useOnsets, useStemPlayer, Waveform, type StemPlayer } from '../audio';
import { timingFileDrop } from '../import-export';
import { KeyboardHelp, useEditorKeyboard } from '../keyboard';
import {
  KaraokePreview,
  TapSyncPanel,
  ValidationPanel,
  WordList,
  type LivePreviewSource,
  type PlaybackClock,
} from '../panels';
import { useEditor, type EditorState, type EditorStore } from '../store';
import {
  DEFAULT_ZOOM_LIMITS,
  fitTo,
  followPlayhead,
  TimelineCanvas,
  type TimelineIntent,
  type ZoomLimits,
} from '../timeline';
import { indexOfKey, itemAt } from '../../../timing';
import {
  alignmentLabel,
  EditingToolbar,
  GhostLane,
  SpectrogramView,
  useEditingTools,
} from '../tools';
import { ReviewBar, ReviewMarksContext, useResync, useReview } from '../review';
import { EditOptions } from './edit-options';
import { policyPreview } from './policy-preview';
import { useEditorPreferences } from './preferences';
import { CommandNotice, createNoticeBox } from './command-notice';
import { TimelineBar } from './timeline-bar';
import { TimelineWordLabel } from './timeline-word-label';
import { EDITOR_AREA } from './editor-area';
import { createSceneSource, type SceneExtras } from './timeline-scene';
import { useEditorCommands } from './use-editor-commands';
import { useRevealSelection } from './use-reveal-selection';
import { EditorStylePanel, useEditorPreviewStyle } from '../../style/editor-style-panel';
import { createBox, createViewState } from '../timeline/view-state';

interface Props {
  project: Project;
  /** The open alignment (the others are the "Compare with" choices). */
  alignmentId: string;
  store: EditorStore;
  onSave: () => void;
  /** Saves unsaved edits before a sync of the stored alignment; true when nothing is unsaved. */
  saveFirst: () => Promise<boolean>;
}

const bounds = new WeakMap<object, { doc: object; start: number | null; end: number | null }>();

/** The earliest start or latest end of the selected words (null: none), once per selection and doc. */
function selectionBound(state: EditorState, edge: 'start' | 'end'): number | null {
  const cached = bounds.get(state.selection);
  if (cached?.doc === state.doc) return cached[edge];
  let start: number | null = null;
  let end: number | null = null;
  for (const key of state.selection) {
    const index = indexOfKey(state.doc, key);
    const item = index >= 0 ? itemAt(state.doc, index) : undefined;
    if (!item) continue;
    if (start === null || item.start < start) start = item.start;
    if (end === null || item.end > end) end = item.end;
  }
  bounds.set(state.selection, { doc: state.doc, start, end });
  return edge === 'start' ? start : end;
}

/** The player as the panels see it. */
function clockOf(player: StemPlayer): PlaybackClock {
  return {
    getTime: () => player.getTime(),
    seek: (t) => player.seek(t),
    isPlaying: () => player.getSnapshot().playing,
    play: () => (player.getSnapshot().playing ? undefined : player.toggle()),
    subscribe: player.subscribe,
  };
}

/** Audio, waveform, canvas timeline, word list and side panels of one open alignment. */
export function EditorBody({ project, alignmentId, store, onSave, saveFirst }: Props) {
  const stems = useMemo(
    () => project.stems.map((s) => ({ id: s.id, url: s.url, label: s.type, type: s.type })),
    [project.stems],
  );
  const { player, snapshot } = useStemPlayer(stems);
  const clock = useMemo(() => clockOf(player), [player]);
  const duration = project.duration ?? (snapshot.duration || store.getState().doc.duration);
  const limits = useCallback(
    (): ZoomLimits => ({ ...DEFAULT_ZOOM_LIMITS, duration: duration || Infinity }),
    [duration],
  );
  const [view] = useState(() =>
    createViewState({
      startTime: 0,
      pxPerSecond: 60,
      width: 800,
      height: 220,
      devicePixelRatio: 1,
    }),
  );
  const [laneMode, setLaneMode] = useEditorPreferences(store);
  const [extras] = useState(() =>
    createBox<Omit<SceneExtras, 'view'>>({
      hoverKey: null,
      preview: null,
      snapGuide: null,
      laneMode,
    }),
  );
  const snapping = useEditor((s) => s.settings.snapping);
  const snapThresholdPx = useEditor((s) => s.settings.snapThresholdPx);
  // Vocal onsets (snap targets, ruler ticks), found in a worker from the waveform's stem.
  const waveStem = project.stems.find((s) => s.type === 'vocals') ?? project.stems[0];
  const onsets = useOnsets(waveStem);
  // The waveform is drawn from the analysis' decode (one download and decode of the stem, not
  // two); wavesurfer fetches the stem itself only when the analysis failed.
  const waveform = useSyncExternalStore(onsets.subscribe, onsets.waveform);
  const analysisFailed = useSyncExternalStore(onsets.subscribe, () => onsets.status() === 'failed');
  const wavePeaks = useMemo(() => (waveform ? [waveform.peaks] : undefined), [waveform]);
  const getScene = useMemo(
    () =>
      createSceneSource(store, () => ({
        ...extras.get(),
        view: view.get(),
        onsets: onsets.get(),
        onsetStrengths: onsets.strengths(),
      })),
    [store, view, extras, onsets],
  );
  const subscribe = useCallback(
    (listener: () => void) => {
      const offStore = store.subscribe(listener);
      const offView = view.subscribe(listener);
      const offExtras = extras.subscribe(listener);
      const offOnsets = onsets.subscribe(listener);
      return () => {
        offStore();
        offView();
        offExtras();
        offOnsets();
      };
    },
    [store, view, extras, onsets],
  );
  // The word list shows a dragged word's times live.
  const livePreview = useMemo<LivePreviewSource>(
    () => ({ get: () => extras.get().preview, subscribe: extras.subscribe }),
    [extras],
  );
  const [cursor, setCursor] = useState('default');
  const [helpOpen, setHelpOpen] = useState(false);
  const [tapRate, setTapRate] = useState(0.75);
  const tapMode = useEditor((s) => s.tap !== null);
  // The loop toggle loops the selected words (primitives: the selector result stays stable).
  const loopStart = useEditor((s) => selectionBound(s, 'start'));
  const loopEnd = useEditor((s) => selectionBound(s, 'end'));
  const loopRange = useMemo(
    () => (loopStart !== null && loopEnd !== null ? { start: loopStart, end: loopEnd } : null),
    [loopStart, loopEnd],
  );
  const fitted = useRef(false);
  const findWordField = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [notice] = useState(createNoticeBox);

  const jumpTo = useCallback(
    (time: number) => {
      player.seek(time);
      view.set(followPlayhead(view.get(), time, limits()));
    },
    [player, view, limits],
  );

  const onIntent = useCallback(
    (intent: TimelineIntent) => {
      const { actions } = store.getState();
      switch (intent.type) {
        case 'select':
          return actions.select(intent.keys, intent.mode === 'range' ? 'add' : intent.mode);
        case 'preview':
          return extras.set({
            ...extras.get(),
            preview: policyPreview(store.getState().doc, intent.preview, store.getState().settings),
            snapGuide: intent.snapGuide,
          });
        case 'move':
          return actions.apply({ type: 'move', keys: intent.keys, delta: intent.deltaSeconds });
        case 'resize-start':
          return actions.setStart(intent.key, intent.time);
        case 'resize-end':
          return actions.setEnd(intent.key, intent.time);
        case 'roll':
          return actions.rollBoundary(intent.leftKey, intent.rightKey, intent.time);
        case 'marquee':
          return;
        case 'seek':
          return player.seek(intent.time);
        case 'hover':
          return extras.set({ ...extras.get(), hoverKey: intent.key });
        case 'cursor':
          return setCursor(intent.cursor);
        case 'view':
          return view.set(intent.view);
      }
    },
    [store, player, view, extras],
  );

  // The view follows the playhead while playing; fit the song once the canvas has its size.
  useEffect(() => {
    let raf = 0;
    const loop = () => {
      raf = requestAnimationFrame(loop);
      if (player.getSnapshot().playing)
        view.set(followPlayhead(view.get(), player.getTime(), limits()));
    };
    raf = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(raf);
  }, [player, view, limits]);

  // Problems are known from the start, not only after the first edit: the first (whole) validation
  // runs after the first frame has shown the words, in slices of a few ms (at 100,000 words it
  // was one task of 60 ms, run before the first input could be answered).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const raf = requestAnimationFrame(() => {
      timer = setTimeout(() => store.getState().actions.validateSoon(), 0);
    });
    return () => {
      cancelAnimationFrame(raf);
      clearTimeout(timer);
    };
  }, [store]);

  useEffect(() => {
    if (player.getSnapshot().playing || !tapMode) return;
    player.setRate(tapRate);
  }, [player, tapMode, tapRate]);

  const commands = useEditorCommands({
    store,
    player,
    view,
    limits,
    save: onSave,
    openHelp: () => setHelpOpen(true),
    jumpTo,
    findWord: () => findWordField.current?.focus(),
    say: notice.say,
  });
  const others = useMemo(
    () => project.alignments.filter((a) => a.id !== alignmentId),
    [project.alignments, alignmentId],
  );
  const tools = useEditingTools(store, others);
  // Review after a sync: low-confidence words marked, next / previous uncertain word, and sync
  // again around the fixes (opened in Compare with when done).
  const review = useReview({ projectId: project.id, alignmentId, store, player, view, limits });
  const [reviewMessage, setReviewMessage] = useState<string | null>(null);
  const { setCompareId } = tools;
  const resync = useResync({
    projectId: project.id,
    alignmentId,
    store,
    marks: review.marks,
    saveFirst,
    others,
    compareWith: setCompareId,
  });
  useEffect(() => {
    const { marks } = review;
    extras.set({ ...extras.get(), uncertain: (doc) => marks.uncertainOf(doc) });
  }, [extras, review]);
  const getUncertain = useCallback(() => extras.get().uncertain, [extras]);
  const reviewCommands = useMemo(
    () => ({
      nextUncertain: () => setReviewMessage(review.go(1)),
      previousUncertain: () => setReviewMessage(review.go(-1)),
    }),
    [review],
  );
  useEditorKeyboard(
    { ...commands, ...tools.commands, ...reviewCommands },
    { tapMode, area: EDITOR_AREA },
  );
  useRevealSelection(store, view, limits, clock);
  // The unsaved style draft (Settings page or the panel below) shows here at once.
  const style = useEditorPreviewStyle(project);
  const displayLanguages = project.settings?.settings.displayLanguages;
  const projectLangs = useMemo(() => displayLanguages ?? [], [displayLanguages]);
  const translationView = useTranslationView(store, project.id, projectLangs);

  return (
    <ReviewMarksContext.Provider value={review.marks}>
      <div className="editor-body">
        <section className="editor-transport" aria-label="Playback">
          <Transport snapshot={snapshot} controls={player} loopRange={loopRange} />
          <Mixer stems={snapshot.stems} controls={player} />
          <EditOptions store={store} />
          <button type="button" onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
            Shortcuts
          </button>
        </section>
        <EditingToolbar
          tools={tools}
          store={store}
          others={others}
          getPlayhead={() => player.getTime()}
          duration={duration || Infinity}
        />
        <ReviewBar
          review={review}
          resync={resync}
          nameOf={(id) => {
            const made = project.alignments.find((a) => a.id === id);
            return made ? alignmentLabel(made) : 'the new alignment';
          }}
          message={reviewMessage}
          say={setReviewMessage}
        />
        <section
          className="editor-timeline"
          style={{ cursor }}
          aria-label="Timeline"
          {...timingFileDrop(store)}
        >
          <TimelineBar
            store={store}
            view={view}
            zoomLimits={limits()}
            getPlayheadTime={() => player.getTime()}
            laneMode={laneMode}
            getUncertain={getUncertain}
            onLaneModeChange={(mode) => {
              setLaneMode(mode);
              extras.set({ ...extras.get(), laneMode: mode });
            }}
          />
          <CommandNotice box={notice} />
          {waveStem && (
            <Waveform
              url={analysisFailed ? waveStem.url : null}
              peaks={wavePeaks}
              duration={waveform ? waveform.duration : duration || undefined}
              getView={view.get}
              subscribe={view.subscribe}
              label={`Waveform of ${waveStem.type}`}
            />
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
            onIntent={onIntent}
            onResize={(size) => {
              view.set({ ...view.get(), ...size });
              if (!fitted.current && duration) {
                // Open on the first words at a zoom where their text fits: about 12 s in view.
                fitted.current = true;
                const first = itemAt(store.getState().doc, 0)?.start ?? 0;
                const start = Math.max(0, first - 1);
                view.set(
                  fitTo(view.get(), limits(), { start, end: Math.min(duration, start + 12) }),
                );
              }
            }}
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
        <section className="editor-words" aria-label="Words">
          <TranslationsBar view={translationView} />
          <WordList
            player={clock}
            preview={livePreview}
            findRef={findWordField}
            translations={translationView}
          />
        </section>
        <aside className="editor-side" aria-label="Preview and checks">
          <KaraokePreview
            player={clock}
            style={style ?? undefined}
            title={project.title}
            artists={project.artists}
            duration={duration || undefined}
            languages={translationView.previewLangs}
          />
          {project.settings && <EditorStylePanel project={project} settings={project.settings} />}
          <ValidationPanel onJump={jumpTo} getTime={() => player.getTime()} />
          <TapSyncPanel rate={tapRate} onRateChange={setTapRate} />
        </aside>
        <KeyboardHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      </div>
    </ReviewMarksContext.Provider>
  );
}
