import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useStore } from 'zustand';
import { projectQuery, projectSettingsQuery, useApiClient } from '../../api';
import { QueryView } from '../../components/query-view';
import type { Project, ProjectSettings } from '../../contract';
import { estimateTextWidth } from '../../karaoke-layout';
import { overflowIssues } from '../style/overflow';
import { singersIn, videoAlignment } from '../style/project-lyrics';
import { StylePreview } from '../style/style-preview';
import { shownLanguages } from '../style/translations';
import { lineLanguages } from '../../timing/translations';
import { StyleStudio } from '../style/style-studio';
import { useStyleDraft } from '../style/use-style-draft';
import '../style/style.css';
import { SettingsList } from './settings-list';
import './projects.css';

/** The project's video style, edited with a live preview; the other settings read-only below. */
export function ProjectSettingsPage() {
  const { projectId = '' } = useParams();
  const client = useApiClient();
  const settings = useQuery(projectSettingsQuery(client, projectId));
  const project = useQuery(projectQuery(client, projectId));

  return (
    <QueryView
      query={settings}
      loading="Loading the project's settings…"
      failed="Could not load the settings"
      page
    >
      {(data) => (
        <main className="page project-settings">
          <h1>Project settings</h1>
          <h2>Video style</h2>
          <StyleSettings projectId={projectId} settings={data} project={project.data} />
          <OtherSettings body={data.settings} />
        </main>
      )}
    </QueryView>
  );
}

function StyleSettings({
  projectId,
  settings,
  project,
}: {
  projectId: string;
  settings: ProjectSettings;
  project: Project | undefined;
}) {
  const store = useStyleDraft(projectId, settings);
  const style = useStore(store, (s) => s.style);
  const alignment = project ? videoAlignment(project) : null;
  const items = alignment?.alignment.items;
  const singers = useMemo(() => (items ? singersIn(items) : []), [items]);
  const carried = useMemo(() => (items ? lineLanguages(items) : []), [items]);
  const listed = useStore(store, (s) => s.languages);
  const shown = useMemo(() => shownLanguages(carried, listed), [carried, listed]);
  const overflow = useMemo(
    () =>
      overflowIssues(style, items ?? [], estimateTextWidth, {
        title: project?.title ?? '',
        artists: project?.artists ?? [],
      }),
    [style, items, project?.title, project?.artists],
  );
  return (
    <StyleStudio
      projectId={projectId}
      store={store}
      singers={singers}
      carried={carried}
      overflow={overflow}
      preview={({ save }) => (
        <StylePreview project={project} style={style} languages={shown} beforeRender={save} />
      )}
    />
  );
}

function OtherSettings({ body }: { body: ProjectSettings['settings'] }) {
  return (
    <details className="settings-section">
      <summary>Other settings (read-only here)</summary>
      <section className="settings-section">
        <h3>Trim</h3>
        <SettingsList value={body.trim} />
      </section>
      <section className="settings-section">
        <h3>Chord settings</h3>
        <SettingsList value={body.chordSettings} />
      </section>
      <section className="settings-section">
        <h3>Duet singer filter</h3>
        <SettingsList value={body.duetSingerFilter} />
      </section>
      <section className="settings-section">
        <h3>Custom timeline</h3>
        <SettingsList value={body.customTimeline} skip={['tracks']} />
        <p>
          {body.customTimeline.tracks.length} track(s),{' '}
          {body.customTimeline.tracks.reduce((n, t) => n + t.items.length, 0)} item(s).
        </p>
      </section>
    </details>
  );
}
