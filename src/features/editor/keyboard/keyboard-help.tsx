import { Fragment, useId } from 'react';
import { useModalDialog } from '../../../components/use-modal-dialog';
import './keyboard.css';
import { chordLabel, chordText, isMac } from './format-keys';
import { DEFAULT_KEY_MAP, KEY_GROUPS, type KeyMap } from './key-map';

export interface KeyboardHelpProps {
  open: boolean;
  onClose: () => void;
  map?: KeyMap;
}

/** The shortcut list (opened with `?`): a modal dialog built from the key map itself. */
export function KeyboardHelp({ open, onClose, map = DEFAULT_KEY_MAP }: KeyboardHelpProps) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const mac = isMac();

  return (
    <dialog
      ref={ref}
      className="dialog keyboard-help"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>Keyboard shortcuts</h2>
      <p className="muted">
        Tab and Shift+Tab move between the parts of the editor; the timeline and the word list are
        one stop each (arrow keys inside, Enter to edit a row). Shortcuts act while focus is in the
        editor, never while typing in a field (but for save, undo, redo and Escape).
      </p>
      {open &&
        KEY_GROUPS.map((group) => {
          const bindings = map.filter((b) => b.group === group);
          if (bindings.length === 0) return null;
          return (
            <Fragment key={group}>
              <h3>{group}</h3>
              <table>
                <tbody>
                  {bindings.map((b) => (
                    <tr key={b.id} data-command={b.id}>
                      <th scope="row">{b.label}</th>
                      <td>
                        {b.keys.map((spec, i) => (
                          <Fragment key={spec}>
                            {i > 0 && <span className="muted"> or </span>}
                            <kbd aria-label={chordText(spec, mac)}>
                              {chordLabel(spec, mac).join(mac ? '' : '+')}
                            </kbd>
                          </Fragment>
                        ))}
                        {b.whenTapMode && <span className="muted"> (in tap mode)</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Fragment>
          );
        })}
      <div className="dialog-actions">
        <button type="button" className="primary" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </dialog>
  );
}
