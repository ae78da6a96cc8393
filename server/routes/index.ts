import type { HandlerTable } from '../context';
import { accountHandlers } from './account';
import { alignmentHandlers } from './alignments/handlers';
import { exportHandlers } from './exports';
import { libraryHandlers } from './library';
import { projectHandlers } from './projects';
import { taskHandlers } from './tasks';
import { uploadHandlers } from './uploads';

/** One handler per route name of the contract; the type makes a missing one a compile error. */
export const handlers: HandlerTable = {
  ...accountHandlers,
  ...uploadHandlers,
  ...projectHandlers,
  ...alignmentHandlers,
  ...taskHandlers,
  ...libraryHandlers,
  ...exportHandlers,
};
