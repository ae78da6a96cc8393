import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Loading } from '../components/loading';
import { AccountPage } from '../features/account/account-page';
import { ExportsPage } from '../features/exports/exports-page';
import { MediaItemPage } from '../features/library/media-item-page';
import { MediaPage } from '../features/library/media-page';
import { PresetsPage } from '../features/library/presets-page';
import { NewProjectPage } from '../features/projects/new-project-page';
import { ProjectLayout } from '../features/projects/project-layout';
import { ProjectSettingsPage } from '../features/projects/project-settings-page';
import { ProjectsPage } from '../features/projects/projects-page';
import { ProjectTasksPage } from '../features/tasks/project-tasks-page';
import { AppLayout } from './app-layout';

// The editor carries wavesurfer and the canvas timeline: load it when first opened.
const EditorPage = lazy(() =>
  import('../features/editor/editor-page').then((m) => ({ default: m.EditorPage })),
);

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <ProjectsPage /> },
      { path: 'projects', element: <Navigate to="/" replace /> },
      { path: 'projects/new', element: <NewProjectPage /> },
      {
        path: 'projects/:projectId',
        element: <ProjectLayout />,
        children: [
          {
            index: true,
            element: (
              <Suspense fallback={<Loading label="Opening the editor…" />}>
                <EditorPage />
              </Suspense>
            ),
          },
          { path: 'tasks', element: <ProjectTasksPage /> },
          { path: 'exports', element: <ExportsPage /> },
          { path: 'settings', element: <ProjectSettingsPage /> },
        ],
      },
      { path: 'presets', element: <PresetsPage /> },
      { path: 'media', element: <MediaPage /> },
      { path: 'media/:mediaId', element: <MediaItemPage /> },
      { path: 'account', element: <AccountPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);

function NotFound() {
  return (
    <main className="page">
      <h1>Page not found</h1>
      <p>
        <a href="/">Back to your projects</a>
      </p>
    </main>
  );
}
