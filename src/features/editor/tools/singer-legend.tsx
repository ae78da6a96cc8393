import { useEditor } from '../store';
import { singerColor } from '../timeline/colors';
import { singersOf } from './singers';

/** Which colour is which singer (timeline and preview); nothing when no word has a singer. */
export function SingerLegend() {
  const singers = useEditor((s) => singersOf(s.doc));
  if (singers.length === 0) return null;
  return (
    <ul className="singer-legend" aria-label="Singers">
      {singers.map((n) => (
        <li key={n}>
          <span
            className="singer-swatch"
            style={{ background: singerColor(n) }}
            aria-hidden="true"
          />
          Singer {n}
        </li>
      ))}
    </ul>
  );
}
