import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Project } from '../../../contract';
import {
  Mixer,
  Transport,
  useOnsets,
  useStemPlayer,
  type PlayerSnapshot,
  type StemPlayer,
} from '../audio';
import { KeyboardHelp, useEditorKeyboard } from '../keyboard';
import { WordList, type PlaybackClock } from '../panels';
import { ReviewBar, ReviewMarksContext } from '../review';
import { useEditor, useEditorStore, type EditorStore } from '../store';
import { rowIndexFor } from '../panels/row-index';
import { TranslationsBar, useTranslationView, type TranslationView } from '../translations';
import { alignmentLabel, EditingToolbar, useEditingTools } from '../tools';
import { createNoticeBox } from './command-notice';
import { EditOptions } from './edit-options';
import { EDITOR_AREA } from './editor-area';
import { EditorSide } from './editor-side';
import { EditorTimeline } from './editor-timeline';
import { clockOf, selectionBound } from './editor-wiring';
import { useEditorCommands } from './use-editor-commands';
import { useRevealSelection } from './use-reveal-selection';
import { useStagedMount } from './use-staged-mount';
import { useReviewWiring } from './use-review-wiring';
import { useTimelineWiring, type TimelineWiring } from './use-timeline-wiring';

interface Props {
  project: Project;
  /** The open alignment (the others are the "Compare with" choices). */
  alignmentId: string;
  store: EditorStore;
  onSave: () => void;
  /** Saves unsaved edits before a sync of the stored alignment; true when nothing is unsaved. */
  saveFirst: () => Promise<boolean>;
}

/** Audio, waveform, canvas timeline, word list and side panels of one open alignment. */
export function EditorBody({ project, alignmentId, store, onSave, saveFirst }: Props) {
  const audio = useEditorAudio(project, store);
  const { player, snapshot, clock, duration, onsets } = audio;
  const timeline = useTimelineWiring(store, player, onsets, duration);
  const { view, limits, jumpTo } = timeline;
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = () => setHelpOpen(true);
  const tapMode = useEditor((s) => s.tap !== null);
  const findWordField = useRef<HTMLInputElement>(null);
  const [notice] = useState(createNoticeBox);
  useFirstValidation(store);
  const [tapRate, setTapRate] = useTapRate(player, tapMode);
  const others = useMemo(
    () => project.alignments.filter((a) => a.id !== alignmentId),
    [project.alignments, alignmentId],
  );
  const tools = useEditingTools(store, others);
  const review = useReviewWiring({
    ...{ project, alignmentId, store, player, timeline, saveFirst, others },
    compareWith: tools.setCompareId,
  });
  const commands = useEditorCommands({
    ...{ store, player, view, limits, openHelp, jumpTo },
    save: onSave,
    findWord: () => findWordField.current?.focus(),
    say: notice.say,
  });
  useEditorKeyboard(
    { ...commands, ...tools.commands, ...review.commands },
    { tapMode, area: EDITOR_AREA },
  );
  useRevealSelection(store, view, limits, clock);
  const translationView = useProjectTranslations(store, project);

  return (
    <ReviewMarksContext.Provider value={review.review.marks}>
      <div className="editor-body">
        <PlaybackBar player={player} snapshot={snapshot} store={store} openHelp={openHelp} />
        <EditingToolbar
          tools={tools}
          store={store}
          others={others}
          getPlayhead={() => player.getTime()}
          duration={duration || Infinity}
        />
        <ReviewBar
          review={review.review}
          resync={review.resync}
          nameOf={(id) => nameOf(project, id)}
          message={review.message}
          say={review.say}
        />
        <EditorTimeline {...{ store, audio, timeline, tools, notice }} />
        <EditorWords
          clock={clock}
          timeline={timeline}
          findRef={findWordField}
          translations={translationView}
        />
        <EditorSide
          project={project}
          clock={clock}
          duration={duration}
          languages={translationView.previewLangs}
          onJump={jumpTo}
          tapRate={tapRate}
          onTapRateChange={setTapRate}
        />
        <KeyboardHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      </div>
    </ReviewMarksContext.Provider>
  );
}

/** The player of the project's stems, and the onsets, peaks and spectrogram of its vocals. */
function useEditorAudio(project: Project, store: EditorStore) {
  const stems = useMemo(
    () => project.stems.map((s) => ({ id: s.id, url: s.url, label: s.type, type: s.type })),
    [project.stems],
  );
  const { player, snapshot } = useStemPlayer(stems);
  const clock = useMemo(() => clockOf(player), [player]);
  const duration = project.duration ?? (snapshot.duration || store.getState().doc.duration);
  // Vocal onsets (snap targets, ruler ticks), found in a worker from the waveform's stem.
  const waveStem = project.stems.find((s) => s.type === 'vocals') ?? project.stems[0];
  const onsets = useOnsets(waveStem);
  return { player, snapshot, clock, duration, waveStem, onsets };
}

/** The translation rows of the project's display languages (all when it names none). */
function useProjectTranslations(store: EditorStore, project: Project) {
  const displayLanguages = project.settings?.settings.displayLanguages;
  const projectLangs = useMemo(() => displayLanguages ?? [], [displayLanguages]);
  return useTranslationView(store, project.id, projectLangs);
}

/** The words column: translation rows and the word list (a drag's times live). */
function EditorWords(props: {
  clock: PlaybackClock;
  timeline: TimelineWiring;
  findRef: RefObject<HTMLInputElement | null>;
  translations: TranslationView;
}) {
  // Mounted after the timeline has painted and a first input could be answered (ADR 0018): its
  // row index and the virtualiser's rows (~112,000 at 100,000 words) were a tenth of the load's
  // path from the data to the first input. The row index is built in a task of its own first.
  const stage = useStagedMount(2);
  const store = useEditorStore();
  useEffect(() => {
    if (stage === 1) rowIndexFor(store.getState().doc);
  }, [stage, store]);
  return (
    <section className="editor-words" aria-label="Words">
      <TranslationsBar view={props.translations} />
      {stage >= 2 ? (
        <WordList
          player={props.clock}
          preview={props.timeline.livePreview}
          findRef={props.findRef}
          translations={props.translations}
        />
      ) : (
        <p className="word-list-panel muted" role="status">
          Listing the words…
        </p>
      )}
    </section>
  );
}

/** The name of an alignment the review's sync made. */
function nameOf(project: Project, id: string): string {
  const made = project.alignments.find((a) => a.id === id);
  return made ? alignmentLabel(made) : 'the new alignment';
}

/** Transport, mixer, editing options and the shortcuts button. */
function PlaybackBar(props: {
  player: StemPlayer;
  snapshot: PlayerSnapshot;
  store: EditorStore;
  openHelp: () => void;
}) {
  const { player, snapshot } = props;
  const loopRange = useLoopRange();
  return (
    <section className="editor-transport" aria-label="Playback">
      <Transport snapshot={snapshot} controls={player} loopRange={loopRange} />
      <Mixer stems={snapshot.stems} controls={player} />
      <EditOptions store={props.store} />
      <button type="button" onClick={props.openHelp} aria-keyshortcuts="?">
        Shortcuts
      </button>
    </section>
  );
}

/** The loop toggle loops the selected words (primitives: the selector result stays stable). */
function useLoopRange() {
  const loopStart = useEditor((s) => selectionBound(s, 'start'));
  const loopEnd = useEditor((s) => selectionBound(s, 'end'));
  return useMemo(
    () => (loopStart !== null && loopEnd !== null ? { start: loopStart, end: loopEnd } : null),
    [loopStart, loopEnd],
  );
}

/**
 * Problems are known from the start, not only after the first edit: the first (whole) validation
 * runs after the first frame has shown the words, in slices of a few ms (at 100,000 words it
 * was one task of 60 ms, run before the first input could be answered).
 */
function useFirstValidation(store: EditorStore) {
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
}

/** The tap panel's rate: in tap mode, while paused, the player takes it. */
function useTapRate(player: StemPlayer, tapMode: boolean) {
  const [tapRate, setTapRate] = useState(0.75);
  useEffect(() => {
    if (player.getSnapshot().playing || !tapMode) return;
    player.setRate(tapRate);
  }, [player, tapMode, tapRate]);
  return [tapRate, setTapRate] as const;
}
