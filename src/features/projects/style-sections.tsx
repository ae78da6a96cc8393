import type { StyleObject } from '../../contract';
import { ColourValue, SettingsList } from './settings-list';
import { collectColours, collectFonts } from './settings-summary';

/** A style object as readable sections: layout, colours, fonts, overlays and the rest. */
export function StyleSections({ style }: { style: StyleObject }) {
  const colours = collectColours(style);
  const fonts = collectFonts(style);
  return (
    <>
      <section className="settings-section">
        <h3>Layout</h3>
        <p>Aspect ratio: {style.aspectRatio}</p>
        <SettingsList value={style.layout} />
      </section>
      <section className="settings-section">
        <h3>Colours</h3>
        <ul className="colour-list">
          {colours.map((colour) => (
            <li key={colour.path}>
              <ColourValue value={colour.value} /> <span>{colour.label}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="settings-section">
        <h3>Fonts</h3>
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Text</th>
              <th scope="col">Family</th>
              <th scope="col">Size</th>
              <th scope="col">Weight</th>
              <th scope="col">Style</th>
            </tr>
          </thead>
          <tbody>
            {fonts.map((font) => (
              <tr key={font.label}>
                <td>{font.label}</td>
                <td>{font.family}</td>
                <td>{font.size ?? '—'}</td>
                <td>{font.weight ?? '—'}</td>
                <td>{font.style ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="settings-section">
        <h3>Overlays</h3>
        <SettingsList value={style.overlays} />
      </section>
      <section className="settings-section">
        <h3>Background and trim</h3>
        <SettingsList value={{ background: style.background, trim: style.trim }} />
      </section>
    </>
  );
}
