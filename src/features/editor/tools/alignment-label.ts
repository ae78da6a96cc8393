import type { Alignment } from '../../../contract';

/** How an alignment is named in the pickers and messages: its name, else the model that made it. */
export const alignmentLabel = (a: Pick<Alignment, 'name' | 'model'>) => a.name || a.model;
