import { useStore } from 'zustand';
import {
  getAt,
  isStrictColour,
  SINGER_STYLE_FIELDS,
  STYLE_GROUPS,
  type StyleField,
} from '../../contract';
import { StyleFieldControl } from './field-controls';
import { ownColours } from './singer-colours';
import type { StyleDraftStore } from './style-draft';
import { TranslationsGroup } from './translations-group';
import { Checkbox } from '../../components/fields';

interface Props {
  store: StyleDraftStore;
  /** Singer numbers of the project's alignment (items' `singer`), in order. */
  singers: readonly number[];
  /** Problems from elsewhere by style path (overflow, the service's 422). */
  problems?: ReadonlyMap<string, string>;
  /** Languages the project's alignment carries (for the Translations group). */
  carried?: readonly string[];
  /** Only these groups (the editor's side panel shows a few); all by default. */
  groups?: readonly string[];
}

/** Grouped controls for every StyleObject member the video uses, built from STYLE_GROUPS. */
export function StyleForm({ store, singers, carried = [], problems, groups }: Props) {
  const style = useStore(store, (s) => s.style);
  const set = (path: string, value: unknown) => store.getState().set(path, value);
  const on = (field: StyleField) => !field.when || getAt(style, field.when) === true;
  return (
    <div className="style-form">
      {STYLE_GROUPS.filter(
        (g) => (!groups || groups.includes(g.id)) && g.fields.some((f) => !f.hidden),
      ).map((group) => (
        <fieldset key={group.id} className="style-group" data-group={group.id}>
          <legend>{group.title}</legend>
          <div className="style-fields">
            {group.fields
              .filter((f) => !f.hidden)
              .map((field) => (
                <StyleFieldControl
                  key={field.path}
                  field={field}
                  value={getAt(style, field.path)}
                  disabled={!on(field)}
                  extraProblem={problems?.get(field.path)}
                  onChange={(value) => set(field.path, value)}
                  onInvalid={(bad) => store.getState().markInvalid(field.path, bad)}
                />
              ))}
          </div>
          {group.id === 'translations' && (
            <TranslationsGroup store={store} carried={carried} problems={problems} />
          )}
        </fieldset>
      ))}
      {(!groups || groups.includes('singers')) && <SingersGroup store={store} singers={singers} />}
    </div>
  );
}

/** One "Own colours for singer N" switch per singer, with that singer's colours when on. */
function SingersGroup({ store, singers }: { store: StyleDraftStore; singers: readonly number[] }) {
  return (
    <fieldset className="style-group" data-group="singers">
      <legend>Singers</legend>
      {singers.length === 0 ? (
        <p className="muted">
          No singers are marked in this project&apos;s timing: every line uses the lyrics colours.
          Mark singers in the editor to give each one colours.
        </p>
      ) : (
        singers.map((singer) => <SingerStyle key={singer} store={store} singer={singer} />)
      )}
    </fieldset>
  );
}

function SingerStyle({ store, singer }: { store: StyleDraftStore; singer: number }) {
  const style = useStore(store, (s) => s.style);
  const set = (path: string, value: unknown) => store.getState().set(path, value);
  const key = String(singer);
  const entry = style.singerTextStyles[key] as Record<string, unknown> | undefined;
  const own = entry !== undefined && entry !== null;
  return (
    <div className="singer-style">
      <Checkbox
        checked={own}
        onChange={(on) => set('singerTextStyles', ownColours(style, key, on))}
      >
        Own colours for singer {singer}
      </Checkbox>
      {own && (
        <div className="style-fields">
          {SINGER_STYLE_FIELDS.map(({ key: member, label }) => {
            const path = `singerTextStyles.${key}.${member}`;
            const value = entry[member] ?? getAt(style.chordTextStyle, member);
            return (
              <StyleFieldControl
                key={member}
                field={{ path, label: `Singer ${singer} ${label.toLowerCase()}`, kind: 'colour' }}
                value={isStrictColour(value) || typeof value === 'string' ? value : ''}
                onChange={(v) => set(path, v)}
                onInvalid={(bad) => store.getState().markInvalid(path, bad)}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}
