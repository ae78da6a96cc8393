import { useQuery } from '@tanstack/react-query';
import { presetsQuery, useApiClient, useDeletePreset } from '../../api';
import type { Preset } from '../../contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorNotice } from '../../components/error-notice';
import { QueryView } from '../../components/query-view';
import { PresetRow } from './preset-row';
import { useConfirmedDelete } from './use-confirmed-delete';
import './library.css';

/** The account's presets: rename, make default, delete (confirmed); the default is marked. */
export function PresetsPage() {
  const presets = useQuery(presetsQuery(useApiClient()));
  const remove = useDeletePreset();
  const deletion = useConfirmedDelete<Preset>(remove);

  return (
    <main className="page">
      <h1>Presets</h1>
      <p className="muted">
        A preset is a saved video style. New projects use the default one unless you pick another.
      </p>
      {remove.isError && <ErrorNotice error={remove.error} action="The preset was not deleted" />}
      <QueryView
        query={presets}
        loading="Loading presets…"
        failed="Could not load your presets"
        empty={
          <EmptyState title="No presets">
            <p>
              Projects then use the standard style. Presets are made in the service&apos;s apps.
            </p>
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable
            label="Presets"
            rows={data}
            rowKey={(preset) => preset.id}
            columns={[
              { header: 'Name' },
              { header: 'Aspect ratio' },
              { header: 'Updated' },
              { header: 'Actions', hidden: true },
            ]}
            row={(preset, key) => (
              <PresetRow key={key} preset={preset} onDelete={() => deletion.ask(preset)} />
            )}
          />
        )}
      </QueryView>
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete preset"
        message={`Delete “${deletion.deleting?.name ?? ''}”? Projects keep their settings; this cannot be undone.`}
        confirmLabel="Delete preset"
      />
    </main>
  );
}
