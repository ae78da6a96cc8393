import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { presetsQuery, projectSettingsQuery, useApiClient } from '../../api';
import { ErrorNotice } from '../../components/error-notice';
import { Loading } from '../../components/loading';
import { StyleSections } from './style-sections';
import { SettingsList } from './settings-list';
import './projects.css';

/** Read-only: the project's active settings and the preset they are based on. */
export function ProjectSettingsPage() {
  const { projectId = '' } = useParams();
  const client = useApiClient();
  const settings = useQuery(projectSettingsQuery(client, projectId));
  const presets = useQuery(presetsQuery(client));

  if (settings.isPending) return <Loading label="Loading the project's settings…" />;
  if (settings.isError)
    return (
      <main className="page">
        <ErrorNotice
          error={settings.error}
          action="Could not load the settings"
          onRetry={() => void settings.refetch()}
        />
      </main>
    );
  const { presetId, preset, settings: body, versionId } = settings.data;
  const presetName = presetId
    ? (presets.data?.find((p) => p.id === presetId)?.name ?? presetId)
    : null;
  return (
    <main className="page project-settings">
      <h1>Project settings</h1>
      <p>
        Based on preset: <strong>{presetName ?? 'none (the standard style)'}</strong>
        {presetName === presetId && presetId && (
          <span className="muted"> (the preset was deleted or is not in your list)</span>
        )}
        . <span className="muted">Version {versionId}. These settings are read-only here.</span>
      </p>
      <h2>Active style</h2>
      <StyleSections style={body.style} />
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
        <h3>Display languages</h3>
        <p>{body.displayLanguages.length ? body.displayLanguages.join(', ') : 'All'}</p>
      </section>
      <section className="settings-section">
        <h3>Custom timeline</h3>
        <SettingsList value={body.customTimeline} skip={['tracks']} />
        <p>
          {body.customTimeline.tracks.length} track(s),{' '}
          {body.customTimeline.tracks.reduce((n, t) => n + t.items.length, 0)} item(s).
        </p>
      </section>
      <details className="settings-section">
        <summary>The preset&apos;s style{presetName ? ` (${presetName})` : ''}</summary>
        <StyleSections style={preset} />
      </details>
      <details className="settings-section">
        <summary>Raw JSON</summary>
        <pre className="raw-json">{JSON.stringify(settings.data, null, 2)}</pre>
      </details>
    </main>
  );
}
