import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useStore } from 'zustand';
import type { Project, ProjectSettings, StyleObject } from '../../contract';
import { estimateTextWidth } from '../../karaoke-layout';
import { overflowIssues } from './overflow';
import { singersIn, videoAlignment } from './project-lyrics';
import { StyleStudio } from './style-studio';
import { styleDraftFor, useStyleDraft } from './use-style-draft';
import './style.css';

/**
 * The video's style beside the editor's preview (collapsed until opened): the layout and lyrics
 * controls of the Settings page on the same draft, so the preview shows the change at once.
 * Its controls (and their overflow check, a layout of the whole song: ~170 ms at 100,000 words)
 * are made when it is first opened, not while the editor loads (ADR 0018).
 */
export function EditorStylePanel({
  project,
  settings,
}: {
  project: Project;
  settings: ProjectSettings;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="editor-style-panel"
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true);
      }}
      onKeyDown={(e) => {
        // In a style field, Ctrl+Z / Ctrl+Y are the field's own, not the timing's undo.
        const key = e.key.toLowerCase();
        if ((e.ctrlKey || e.metaKey) && (key === 'z' || key === 'y')) e.stopPropagation();
      }}
    >
      <summary>Video style</summary>
      {opened && <StylePanelControls project={project} settings={settings} />}
    </details>
  );
}

function StylePanelControls({
  project,
  settings,
}: {
  project: Project;
  settings: ProjectSettings;
}) {
  const store = useStyleDraft(project.id, settings);
  const style = useStore(store, (s) => s.style);
  const items = videoAlignment(project)?.alignment.items;
  const singers = useMemo(() => (items ? singersIn(items) : []), [items]);
  const overflow = useMemo(
    () =>
      overflowIssues(style, items ?? [], estimateTextWidth, {
        title: project.title,
        artists: project.artists,
      }),
    [style, items, project.title, project.artists],
  );
  return (
    <>
      <p className="field-hint">
        Changes show in the preview above at once.{' '}
        <Link to={`/projects/${encodeURIComponent(project.id)}/settings`}>
          All style settings, presets and a rendered sample
        </Link>
      </p>
      <StyleStudio
        projectId={project.id}
        store={store}
        singers={singers}
        overflow={overflow}
        preview={() => null}
        groups={['layout', 'lyrics']}
        compact
      />
    </>
  );
}

/** The style the editor's preview shows: the unsaved draft when there is one, else the saved one. */
export function useEditorPreviewStyle(project: Project): StyleObject | undefined {
  const settings = project.settings ?? null;
  const store = useMemo(
    () => (settings ? styleDraftFor(project.id, settings) : null),
    [project.id, settings],
  );
  // A newer saved style becomes the draft's base while nothing is unsaved (as useStyleDraft does:
  // the panel that calls it is made only when opened).
  useEffect(() => {
    if (store && settings && store.getState().base.versionId !== settings.versionId)
      store.getState().rebaseClean(settings);
  }, [store, settings]);
  const draft = useSyncExternalStore(
    (onChange) => store?.subscribe(onChange) ?? (() => undefined),
    () => store?.getState().style,
  );
  return draft ?? settings?.settings.style ?? settings?.preset;
}
