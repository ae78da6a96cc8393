/**
 * The editing area: the editor's shortcuts act only on keys sent to an element inside it (or to
 * the page itself when nothing has focus), never to the site's navigation or other pages' parts.
 */
export const EDITOR_AREA = '[data-editor-area]';
export const EDITOR_AREA_PROPS = { 'data-editor-area': '' } as const;
