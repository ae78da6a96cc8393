import { Fragment } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
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
  const mac = isMac();

  return (
    // Content mounted while open only: no tables are built while it is hidden.
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      className="keyboard-help"
      fresh
    >
      <p className="muted">
        Tab and Shift+Tab move between the parts of the editor; the timeline and the word list are
        one stop each (arrow keys inside, Enter to edit a row). Shortcuts act while focus is in the
        editor, never while typing in a field (but for save, undo, redo and Escape).
      </p>
      {KEY_GROUPS.map((group) => {
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
    </ModalDialog>
  );
}
