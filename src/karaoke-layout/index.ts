/**
 * One karaoke layout for the editor's preview and the rendered video (issue 23): pure, no DOM, no
 * Node. See CONTEXT.md.
 */
export * from './colour';
export * from './frame';
export * from './layout';
export * from './measure';
export * from './style-check';
